import Avatar from '@mui/material/Avatar';

/** Up to two initials of a name, from its first and last words ("Ada King Lovelace" → "AL"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return picked
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

// Dark enough for white initials (4.5:1 or more) in both themes.
const COLOURS = [
  '#1565c0',
  '#6a1b9a',
  '#2e7d32',
  '#ad1457',
  '#00695c',
  '#4527a0',
  '#c62828',
  '#37474f',
  '#5d4037',
  '#283593',
];

/** The same colour for the same name, wherever the person shows. */
export function colourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}

/** A person's picture, or their initials on their colour; decorative (the name is beside it). */
export function PersonAvatar({
  name,
  image = null,
  size = 32,
}: {
  name: string;
  image?: string | null | undefined;
  size?: number;
}) {
  return (
    <Avatar
      src={image ?? undefined}
      alt=""
      aria-hidden
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        bgcolor: colourOf(name),
        color: '#fff',
      }}
    >
      {initials(name)}
    </Avatar>
  );
}
