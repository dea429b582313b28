import { Avatar } from '@mui/material';

// Dark enough for white initials (WCAG AA) in both themes.
const COLORS = [
  '#1565C0',
  '#2E7D32',
  '#AD1457',
  '#6A1B9A',
  '#00838F',
  '#5D4037',
  '#283593',
  '#00695C',
  '#BF360C',
  '#4527A0',
];

function initials(name: string, address: string): string {
  const words = (name || address.split('@')[0] || '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length === 0) return '?';
  // First and last name's initials; one word (a company, "GitHub") is one letter, as in Gmail.
  const first = (word: string) => Array.from(word)[0] ?? '';
  const letters = words.length > 1 ? first(words[0]!) + first(words.at(-1)!) : first(words[0]!);
  return letters.toUpperCase();
}

/** The sender's initials on a colour that stays the same for the same address. */
export function SenderAvatar({
  name,
  address,
  size = 40,
}: {
  name: string;
  address: string;
  size?: number;
}) {
  let hash = 0;
  for (const char of address.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return (
    <Avatar
      aria-hidden
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        fontWeight: 600,
        bgcolor: COLORS[hash % COLORS.length],
        color: '#fff',
      }}
    >
      {initials(name, address)}
    </Avatar>
  );
}
