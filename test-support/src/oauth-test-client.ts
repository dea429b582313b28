/** The app's registration at the test OAuth server (oauth-server.ts), for whoever configures the app. */
export const TEST_OAUTH_CLIENT = {
  id: 'brieftaube-test',
  secret: 'brieftaube-test-secret-0123456789',
} as const;
