import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratePostgres } from '../db/migrate';
import { databaseUrl, quoteIdent } from './postgres-urls';
import './test-database-info';

/** Creates and migrates a template database; each test file clones it (CREATE … TEMPLATE). */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres project');
  const templateName = `lisons_template_${process.pid}`;
  await dropTestDatabases(adminUrl, templateName);
  await adminQuery(adminUrl, `create database ${quoteIdent(templateName)}`);
  await migratePostgres(databaseUrl(adminUrl, templateName));
  project.provide('testDatabase', { engine: 'postgres', adminUrl, templateName });
  return () => dropTestDatabases(adminUrl, templateName);
}

// Test databases are named after their template, so a crashed earlier run is cleaned too.
async function dropTestDatabases(adminUrl: string, templateName: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'lisons\\_t%'",
    );
    for (const { datname } of rows) {
      if (datname.startsWith('lisons_test_') || datname === templateName) {
        await client.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
      }
    }
  } finally {
    await client.end();
  }
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
