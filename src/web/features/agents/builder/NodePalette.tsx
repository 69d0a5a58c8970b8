import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NodeType } from '../../../../shared/schemas/agent-graph';
import { StepTypeIcon, useStepTypeName } from '../detail/parts';
import { PALETTE_DRAG_TYPE } from './BuilderCanvas';
import { PALETTE_TYPES } from './graph-model';

/**
 * The steps one can add: search, then click (added next to the last step) or drag onto the
 * canvas (added where it is dropped).
 */
export function NodePalette({
  canAdd,
  onAdd,
}: {
  canAdd: (type: NodeType) => boolean;
  onAdd: (type: NodeType) => void;
}) {
  const { t } = useTranslation();
  const typeName = useStepTypeName();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLocaleLowerCase();
  const shown = PALETTE_TYPES.filter((type) => {
    if (!needle) return true;
    const text = `${typeName(type)} ${t(`builder.palette.hints.${type}`)}`.toLocaleLowerCase();
    return text.includes(needle);
  });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Typography variant="subtitle2" component="h2" sx={{ px: 2, pt: 2, pb: 1 }}>
        {t('builder.palette.title')}
      </Typography>
      <Box sx={{ px: 2, pb: 1 }}>
        <TextField
          size="small"
          fullWidth
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          label={t('builder.palette.search')}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <IconSearch size={16} aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <List dense sx={{ overflow: 'auto', flex: 1 }} aria-label={t('builder.palette.title')}>
        {shown.map((type) => {
          const allowed = canAdd(type);
          return (
            <ListItem key={type} disablePadding>
              <ListItemButton
                disabled={!allowed}
                draggable={allowed}
                onDragStart={(event) => {
                  event.dataTransfer.setData(PALETTE_DRAG_TYPE, type);
                  event.dataTransfer.effectAllowed = 'copy';
                }}
                onClick={() => onAdd(type)}
                aria-label={t('builder.palette.add', { name: typeName(type) })}
                sx={{ cursor: allowed ? 'grab' : undefined, alignItems: 'flex-start' }}
              >
                <ListItemIcon sx={{ minWidth: 36, mt: 0.5, color: 'primary.main' }}>
                  <StepTypeIcon type={type} />
                </ListItemIcon>
                <ListItemText
                  primary={typeName(type)}
                  secondary={
                    allowed ? t(`builder.palette.hints.${type}`) : t('builder.palette.onlyOneStart')
                  }
                />
              </ListItemButton>
            </ListItem>
          );
        })}
        {shown.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 2, py: 1 }}>
            {t('builder.palette.none')}
          </Typography>
        ) : null}
      </List>
    </Box>
  );
}
