import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AgentGraphProblem } from '../../../../shared/schemas/agents';
import { problemTexts } from '../detail/ProblemsList';

/** Every problem of the draft; choosing one selects its step and brings it into view. */
export function ValidationPanel({
  problems,
  onJump,
}: {
  problems: AgentGraphProblem[];
  onJump: (nodeId: string) => void;
}) {
  const { t } = useTranslation();
  if (problems.length === 0) {
    return <Alert severity="success">{t('builder.problems.none')}</Alert>;
  }
  return (
    <List dense aria-label={t('builder.problems.title')}>
      {problems.map((problem, index) => {
        const { text, where } = problemTexts(t, problem);
        return (
          <ListItem
            key={`${problem.nodeId ?? ''}-${problem.field ?? ''}-${problem.code}-${index}`}
            disablePadding
          >
            <ListItemButton
              disabled={!problem.nodeId}
              onClick={() => problem.nodeId && onJump(problem.nodeId)}
            >
              <ListItemIcon sx={{ minWidth: 32, color: 'error.main' }}>
                <IconAlertTriangle size={18} aria-hidden />
              </ListItemIcon>
              <ListItemText primary={text} secondary={where} />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
