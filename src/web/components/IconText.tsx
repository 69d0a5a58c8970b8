import Box from '@mui/material/Box';
import type { Icon as TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A coloured icon before a short text that says the same (allowed, 2FA on); the icon is hidden. */
export function IconText({
  icon: Icon,
  color,
  size = 18,
  gap = 1,
  children,
}: {
  icon: TablerIcon;
  color: string;
  size?: number;
  gap?: number;
  children: ReactNode;
}) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap }}>
      <Box component="span" sx={{ display: 'inline-flex', color }}>
        <Icon size={size} aria-hidden />
      </Box>
      {children}
    </Box>
  );
}
