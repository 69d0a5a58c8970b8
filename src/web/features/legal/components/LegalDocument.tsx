import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/BrandLogo';
import { RouterButton, RouterLink } from '../../../components/RouterLink';
import { formatDate } from '../../../lib/format';

/** When the texts of the privacy policy and the terms last changed (shown on both). */
const LAST_UPDATED = new Date(Date.UTC(2026, 10, 22));

export interface LegalSection {
  id: string;
  title: string;
  body: string;
}

/** A legal text: title, date, introduction, numbered sections and links onward. */
export function LegalDocument({
  title,
  intro,
  sections,
  other,
}: {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
  /** The other legal document. */
  other: { to: '/privacy-policy' | '/terms-conditions'; label: string };
}) {
  const { t, i18n } = useTranslation();
  const updated = formatDate(LAST_UPDATED, { dateStyle: 'long', timeZone: 'UTC' }, i18n.language);

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby="legal-title"
      sx={{ maxWidth: 860, width: '100%', p: { xs: 3, sm: 5 } }}
    >
      <BrandLogo size={28} />
      <Typography id="legal-title" variant="h4" component="h1" sx={{ fontWeight: 600, mt: 3 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('legal.updated', { date: updated })}
      </Typography>
      <Typography sx={{ mt: 3 }}>{intro}</Typography>
      <Stack component="ol" spacing={3} sx={{ mt: 4, mb: 0, p: 0, listStylePosition: 'inside' }}>
        {sections.map((section) => (
          <Box
            component="li"
            key={section.id}
            id={section.id}
            sx={{ '&::marker': { font: 'inherit' } }}
          >
            <Typography variant="h6" component="h2" sx={{ display: 'inline' }}>
              {section.title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {section.body}
            </Typography>
          </Box>
        ))}
      </Stack>
      <Box
        sx={{
          mt: 5,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <RouterLink to={other.to}>{other.label}</RouterLink>
        <RouterButton to="/" variant="contained">
          {t('legal.back')}
        </RouterButton>
      </Box>
    </Paper>
  );
}
