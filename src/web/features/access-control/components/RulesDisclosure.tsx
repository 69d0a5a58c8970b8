import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';

/** A "show" button (aria-expanded) that reveals its content underneath. */
export function RulesDisclosure({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  return (
    <>
      <Button
        variant="text"
        size="small"
        aria-expanded={open}
        aria-controls={contentId}
        onClick={() => setOpen((value) => !value)}
        endIcon={
          <IconChevronDown
            size={18}
            aria-hidden
            style={{
              transform: open ? 'rotate(180deg)' : undefined,
              transition: 'transform 150ms',
            }}
          />
        }
        sx={{ alignSelf: 'flex-start', mt: 2 }}
      >
        {label}
      </Button>
      {/* The wrapper stays so that aria-controls always names an element. */}
      <div id={contentId}>
        <Collapse in={open} unmountOnExit>
          {children}
        </Collapse>
      </div>
    </>
  );
}
