/** Fixed ports of the OAuth stand-in, next to the app's: the app is configured for them at start. */
export function oauthStackPorts(appPort: number) {
  return {
    oauth: appPort + 20,
    imap: appPort + 21,
    smtp: appPort + 22,
    lmtp: appPort + 23,
    control: appPort + 24,
  };
}
