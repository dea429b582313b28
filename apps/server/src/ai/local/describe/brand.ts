import { domainOf, registrableDomain } from '../text/normalize.ts';

/** "rechnung@mail.telekom.de" or "telekom.de" → "Telekom". */
export function brandOf(sender: string): string {
  const domain = sender.includes('@') ? domainOf(sender) : registrableDomain(sender);
  const name = domain.split('.')[0] ?? '';
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : '';
}
