import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { ABILITY_WHO } from '../../../../shared/abilities';
import { permissionMatrix, type MatrixGrant } from '../matrix';
import { Code } from './Code';
import { useListFormat } from './useListFormat';

const ROWS = permissionMatrix();

/** The role x subject x action matrix of src/shared/abilities.ts (ABILITY_TABLE). */
export function PermissionMatrix({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation();
  const list = useListFormat();
  const grantText = ({ action, own }: MatrixGrant) => {
    const label = t(`accessControl.actions.${action}`);
    return own ? t('accessControl.matrix.own', { action: label }) : label;
  };

  return (
    <TableContainer tabIndex={0} role="group" aria-labelledby={labelledBy}>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('accessControl.matrix.subject')}</TableCell>
            {ABILITY_WHO.map((who) => (
              <TableCell key={who} scope="col">
                {t(`accessControl.who.${who}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {ROWS.map(({ subject, grants }) => (
            <TableRow key={subject} hover>
              <TableCell component="th" scope="row">
                <Code>{subject}</Code>
              </TableCell>
              {ABILITY_WHO.map((who) => (
                <TableCell key={who}>{list(grants[who].map(grantText))}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
