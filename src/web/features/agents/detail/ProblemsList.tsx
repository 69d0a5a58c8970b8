import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AgentDto } from '../../../../shared/schemas/agents';
import { isProblemCode } from './detail-logic';

/** A problem's sentence and where it is, in the reader's language when its code is known. */
export function problemTexts(t: TFunction, problem: AgentDto['problems'][number]) {
  const text = isProblemCode(problem.code)
    ? t(`agents.page.problems.codes.${problem.code}`)
    : problem.message;
  const where = problem.nodeId
    ? problem.field
      ? t('agents.page.problems.stepField', { step: problem.nodeId, field: problem.field })
      : t('agents.page.problems.step', { step: problem.nodeId })
    : t('agents.page.problems.graph');
  return { text, where };
}

/** The draft's problems, each naming its step and field, in the reader's language when known. */
export function ProblemsList({ problems }: { problems: AgentDto['problems'] }) {
  const { t } = useTranslation();
  if (problems.length === 0) {
    return <Alert severity="success">{t('agents.page.problems.none')}</Alert>;
  }
  return (
    <Alert severity="warning">
      <AlertTitle>{t('agents.page.problems.title', { count: problems.length })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, ps: 2 }}>
        {problems.map((problem, index) => {
          const { text, where } = problemTexts(t, problem);
          return (
            <li key={`${problem.nodeId ?? ''}-${problem.field ?? ''}-${problem.code}-${index}`}>
              {where}: {text}
            </li>
          );
        })}
      </Box>
    </Alert>
  );
}
