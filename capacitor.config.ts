import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native apps (decision 032): the built web app (dist/client) inside an Android and an iOS
 * shell, with the local-notification reminder and the status bar plugins. The platforms'
 * projects are made on a machine with their SDKs (README, "Native apps"): `npx cap add
 * android` / `npx cap add ios`, then `npm run cap:sync`.
 *
 * CAP_SERVER_URL: the deployed site (https://…) the apps call for the API; without it the
 * apps open the bundled files, which need that same origin to reach /api.
 */
const serverUrl = process.env.CAP_SERVER_URL;

const config: CapacitorConfig = {
  appId: 'app.lisons.reader',
  appName: 'Lisons',
  webDir: 'dist/client',
  ...(serverUrl ? { server: { url: serverUrl, cleartext: false } } : {}),
  plugins: {
    // On iOS the status bar does not overlay the web view.
    StatusBar: { overlaysWebView: false, style: 'DEFAULT' },
    LocalNotifications: { iconColor: '#a23b26' },
  },
};

export default config;
