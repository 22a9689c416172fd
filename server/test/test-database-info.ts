/** What the global setup hands to each server test file about its database engine. */
export type TestDatabaseInfo =
  | { engine: 'pglite'; templatePath: string }
  | { engine: 'postgres'; adminUrl: string; templateName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}
