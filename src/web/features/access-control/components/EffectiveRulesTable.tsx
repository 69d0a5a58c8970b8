import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { IconBan, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AbilityRule } from '../../../../shared/abilities';
import { Code } from './Code';
import { useListFormat } from './useListFormat';
import { IconText } from '../../../components/IconText';

const asList = <T,>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** The rules the browser applies for the signed-in user, in order. */
export function EffectiveRulesTable({
  rules,
  labelledBy,
}: {
  rules: readonly AbilityRule[];
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const list = useListFormat();
  return (
    <TableContainer tabIndex={0} role="group" aria-labelledby={labelledBy}>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('accessControl.effective.effect')}</TableCell>
            <TableCell scope="col">{t('common.actions')}</TableCell>
            <TableCell scope="col">{t('accessControl.effective.subjects')}</TableCell>
            <TableCell scope="col">{t('accessControl.effective.conditions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rules.map((rule, index) => (
            <TableRow key={index}>
              <TableCell>
                <IconText
                  icon={rule.inverted ? IconBan : IconCheck}
                  color={rule.inverted ? 'error.main' : 'success.main'}
                >
                  {rule.inverted
                    ? t('accessControl.effective.deny')
                    : t('accessControl.effective.allow')}
                </IconText>
              </TableCell>
              <TableCell>
                {list(asList(rule.action).map((action) => t(`accessControl.actions.${action}`)))}
              </TableCell>
              <TableCell>
                <Code>{asList(rule.subject).join(', ')}</Code>
              </TableCell>
              <TableCell>
                {rule.conditions ? (
                  <Code>{JSON.stringify(rule.conditions)}</Code>
                ) : (
                  t('accessControl.effective.noConditions')
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
