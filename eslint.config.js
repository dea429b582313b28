// Type-aware lint for the whole monorepo; the web app adds the React hooks rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['eslint.config.js'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Async handlers without await are how Fastify and Playwright APIs are shaped.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    // Every connection to a mail server goes through the network policy and the connection
    // bounds (apps/server/src/mail/net, ADR 0018); only the adapters and the connector open one.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/mail/net/**',
      'apps/server/src/mail/imap/imap-client.ts',
      'apps/server/src/mail/smtp/smtp-transport.ts',
      'apps/server/src/mail/mime/bulk-fetch-job.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'nodemailer',
              message: 'Open SMTP connections through the MailConnector (mail/net).',
              allowTypeImports: true,
            },
            {
              name: 'imapflow',
              importNames: ['ImapFlow'],
              message: 'Open IMAP sessions through the MailConnector (mail/net).',
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: ['**/imap/imap-client.ts'],
              importNames: ['createImapClient'],
              message: 'Open IMAP sessions through the MailConnector (mail/net).',
            },
            {
              group: ['**/smtp/smtp-transport.ts'],
              importNames: ['createSmtpTransport', 'verifySmtp'],
              message: 'Open SMTP connections through the MailConnector (mail/net).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/bench/**', 'scripts/**', 'apps/web/scripts/**', 'test-support/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
