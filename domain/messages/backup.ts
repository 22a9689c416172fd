// Backups and restores from the command line and the embedded server's snapshots
// (docs/decisions/022-backup-format.md). One line each, filled with fill().
export const backupMessages = {
  usageBackup: 'Usage : npm run backup -- <fichier>',
  usageRestore: 'Usage : npm run restore -- <fichier>',
  backupDone:
    'Sauvegarde écrite dans {file} : {rows} lignes, {tables} tables, {size}, en {seconds} s.',
  restoreDone:
    'Restauration terminée : {rows} lignes dans {tables} tables, puis la base a été migrée jusqu’à {level}.',
  fileMissing: 'Fichier de sauvegarde introuvable : {file}',
  fileCorrupt: 'Sauvegarde illisible : le fichier {file} est tronqué ou corrompu ({reason}).',
  fileNotBackup: 'Le fichier {file} n’est pas une sauvegarde Lisons.',
  fileNewer:
    'La sauvegarde {file} vient d’une version plus récente de Lisons (migration {level}) : mets Lisons à jour avant de la restaurer.',
  targetNotEmpty:
    'La base cible n’est pas vide ({table} contient des lignes) : la restauration ne se fait que dans une base neuve ou vide.',
  targetAhead:
    'La base cible est déjà migrée au-delà de la sauvegarde ({target} contre {level}) : restaure dans une base neuve.',
  targetMismatch:
    'La sauvegarde ne correspond pas à la base cible (table {table}, colonne {column}) : restaure-la avec la version de Lisons qui l’a écrite.',
  notMigrated: 'La base à sauvegarder n’a jamais été migrée : il n’y a rien à sauvegarder.',
  serverRunning:
    'Le serveur Lisons (pid {pid}) utilise le dossier de données {dataDir} : un second processus ne peut pas l’ouvrir. Arrête-le, ou demande-lui une sauvegarde avec kill -USR2 {pid} (elle arrive dans {backupDir}).',
  serverSnapshotCopied:
    'Le serveur Lisons (pid {pid}) utilise le dossier de données {dataDir} : il a pris la sauvegarde lui-même ({snapshot}), copiée dans {file}.',
  serverSnapshotTimeout:
    'Le serveur Lisons (pid {pid}) n’a pas écrit de sauvegarde dans {backupDir} en {seconds} s : regarde son journal.',
  diskFull:
    'Disque plein : la sauvegarde {file} n’a pas pu être écrite (aucun fichier partiel laissé).',
  notWritable: 'Impossible d’écrire dans {dir} : permission refusée.',
  noFolder: 'Le dossier {dir} n’existe pas.',
  writeFailed: 'Impossible d’écrire la sauvegarde {file} : {reason}',
  unreachable:
    'PostgreSQL injoignable à {server} ({reason}) : vérifie DATABASE_URL et que le serveur tourne.',
  badCredentials:
    'PostgreSQL refuse l’identifiant de DATABASE_URL ({server}) : utilisateur ou mot de passe faux.',
  noDatabase:
    'La base « {database} » n’existe pas sur {server} : crée-la d’abord (createdb {database}).',
  failed: 'Échec : {reason}',
} as const;
