import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export interface Option<T extends string> {
  value: T;
  label: string;
  icon: ReactNode;
}

/**
 * A group of native radio buttons drawn as cards (icon in a box, label below): arrow keys
 * move between them and screen readers announce a radio group.
 */
export function OptionCards<T extends string>({
  label,
  value,
  options,
  onChange,
  columns = 3,
}: {
  label: string;
  value: T;
  options: readonly Option<T>[];
  onChange: (value: T) => void;
  columns?: number;
}) {
  const id = useId();
  return (
    <Box role="radiogroup" aria-labelledby={`${id}-label`} sx={{ mb: 3 }}>
      <Typography
        id={`${id}-label`}
        variant="body2"
        sx={{ fontWeight: 500, mb: 1, color: 'text.primary' }}
      >
        {label}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: 1.5 }}>
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <Box
              key={option.value}
              component="label"
              sx={{
                position: 'relative',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'stretch',
                gap: 0.75,
                cursor: 'pointer',
                '&:hover .option-card': { borderColor: 'primary.main' },
                '&:has(input:focus-visible) .option-card': {
                  outline: '2px solid',
                  outlineColor: 'primary.main',
                  outlineOffset: 2,
                },
              }}
            >
              <Box
                component="input"
                type="radio"
                name={id}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                sx={{
                  position: 'absolute',
                  inset: 0,
                  width: '100%',
                  height: '100%',
                  margin: 0,
                  opacity: 0,
                  cursor: 'pointer',
                  zIndex: 1,
                }}
              />
              <Box
                className="option-card"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  height: 60,
                  borderRadius: 1.5,
                  border: checked ? 2 : 1,
                  borderColor: checked ? 'primary.main' : 'divider',
                  color: checked ? 'primary.main' : 'text.secondary',
                  bgcolor: checked
                    ? (theme) => theme.alpha(theme.vars.palette.primary.main, 0.08)
                    : 'transparent',
                  transition: 'border-color 150ms, background-color 150ms',
                }}
              >
                {option.icon}
              </Box>
              <Typography
                component="span"
                variant="body2"
                sx={{
                  textAlign: 'center',
                  color: checked ? 'text.primary' : 'text.secondary',
                  fontWeight: checked ? 500 : 400,
                }}
              >
                {option.label}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
