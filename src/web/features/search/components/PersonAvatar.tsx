import Avatar from '@mui/material/Avatar';

/** Up to two initials of a name, from its first and last words. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return picked
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

/**
 * A person found by the search: their picture or initials; decorative (the name is beside it).
 * Features may not import each other, so this stays here until the app has one shared avatar.
 */
export function PersonAvatar({ name, image }: { name: string; image: string | null }) {
  return (
    <Avatar
      src={image ?? undefined}
      alt=""
      aria-hidden
      sx={{ width: 28, height: 28, fontSize: 12, bgcolor: 'primary.main' }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
