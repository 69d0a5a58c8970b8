import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import type { AbilityRule } from '../../../../shared/abilities';
import { accessSummary, type AreaAccess } from '../access-summary';
import { useListFormat } from './useListFormat';

/** One sentence per area saying what the rules let the signed-in user do there. */
export function AccessSummaryList({
  rules,
  labelledBy,
}: {
  rules: readonly AbilityRule[];
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const list = useListFormat('long');

  const sentence = ({ full, grants }: AreaAccess) => {
    if (full) return t('accessControl.summary.full');
    if (grants.length === 0) return t('accessControl.summary.none');
    const actions = grants.map(({ action, own }) => {
      const verb = t(`accessControl.summary.verbs.${action}`);
      return own ? t('accessControl.summary.own', { action: verb }) : verb;
    });
    return t('accessControl.summary.some', { actions: list(actions) });
  };

  return (
    <List dense disablePadding aria-labelledby={labelledBy}>
      {accessSummary(rules).map((entry) => (
        <ListItem key={entry.area} disableGutters divider>
          <ListItemText
            primary={t(`accessControl.summary.areas.${entry.area}`)}
            secondary={sentence(entry)}
            slotProps={{ primary: { sx: { fontWeight: 600 } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
