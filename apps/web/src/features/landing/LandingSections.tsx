import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Container,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { Mdi } from '../../components/ui/Mdi.tsx';
import { de } from '../../i18n/de.ts';

function Section({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text?: string;
  children: React.ReactNode;
}) {
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={{ py: { xs: 7, md: 10 }, scrollMarginTop: 72 }}
    >
      <Container maxWidth="lg">
        <Typography id={`${id}-title`} variant="h4" component="h2" sx={{ textAlign: 'center' }}>
          {title}
        </Typography>
        {text && (
          <Typography
            variant="h6"
            component="p"
            sx={{ textAlign: 'center', color: 'text.secondary', fontWeight: 400, mt: 1.5 }}
          >
            {text}
          </Typography>
        )}
        <Box sx={{ mt: 6 }}>{children}</Box>
      </Container>
    </Box>
  );
}

const grid = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
};

export function LandingSections() {
  const l = de.landing;
  return (
    <>
      <Section id="funktionen" title={l.featuresTitle} text={l.featuresText}>
        <Box sx={grid}>
          {l.features.map((feature) => (
            <Paper key={feature.title} variant="outlined" sx={{ p: 3 }}>
              <Mdi name={feature.icon} sx={{ fontSize: 32, color: 'secondary.main' }} />
              <Typography variant="h6" component="h3" sx={{ mt: 1.5 }}>
                {feature.title}
              </Typography>
              <Typography variant="body1" sx={{ color: 'text.secondary', mt: 1 }}>
                {feature.text}
              </Typography>
            </Paper>
          ))}
        </Box>
      </Section>

      <Box sx={{ bgcolor: 'background.paper' }}>
        <Section id="so-gehts" title={l.stepsTitle}>
          <Box sx={grid}>
            {l.steps.map((step, index) => (
              <Box key={step.title} sx={{ textAlign: 'center', px: 2 }}>
                <Box
                  sx={{
                    width: 48,
                    height: 48,
                    mx: 'auto',
                    borderRadius: '50%',
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    display: 'grid',
                    placeItems: 'center',
                    fontWeight: 700,
                    fontSize: 20,
                  }}
                >
                  {index + 1}
                </Box>
                <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
                  {step.title}
                </Typography>
                <Typography sx={{ color: 'text.secondary', mt: 1 }}>{step.text}</Typography>
              </Box>
            ))}
          </Box>
        </Section>
      </Box>

      <Section id="sicherheit" title={l.securityTitle}>
        <Stack spacing={2} sx={{ maxWidth: 760, mx: 'auto' }}>
          {l.security.map((point) => (
            <Stack key={point} direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Mdi name="shield-check-outline" sx={{ color: 'success.main', mt: 0.25 }} />
              <Typography>{point}</Typography>
            </Stack>
          ))}
        </Stack>
      </Section>

      <Box sx={{ bgcolor: 'background.paper' }}>
        <Section id="warum" title={l.compareTitle}>
          <Typography sx={{ maxWidth: 760, mx: 'auto', textAlign: 'center', fontSize: '1.1rem' }}>
            {l.compareText}
          </Typography>
        </Section>
      </Box>

      <Section id="fragen" title={l.faqTitle}>
        <Box sx={{ maxWidth: 760, mx: 'auto' }}>
          {l.faq.map((item) => (
            <Accordion key={item.q} disableGutters variant="outlined">
              <AccordionSummary expandIcon={<Mdi name="chevron-down" />}>
                <Typography component="h3" sx={{ fontWeight: 600 }}>
                  {item.q}
                </Typography>
              </AccordionSummary>
              <AccordionDetails>
                <Typography sx={{ color: 'text.secondary' }}>{item.a}</Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      </Section>

      <Box sx={{ bgcolor: 'background.paper' }}>
        <Container maxWidth="lg" sx={{ py: 8 }}>
          <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Box
              id="ueber-uns"
              component="section"
              aria-labelledby="ueber-uns-title"
              sx={{ scrollMarginTop: 72 }}
            >
              <Typography id="ueber-uns-title" variant="h5" component="h2">
                {l.aboutTitle}
              </Typography>
              <Typography sx={{ color: 'text.secondary', mt: 1.5 }}>{l.aboutText}</Typography>
            </Box>
            <Box
              id="datenschutz"
              component="section"
              aria-labelledby="datenschutz-title"
              sx={{ scrollMarginTop: 72 }}
            >
              <Typography id="datenschutz-title" variant="h5" component="h2">
                {l.privacyTitle}
              </Typography>
              <Typography sx={{ color: 'text.secondary', mt: 1.5 }}>{l.privacyText}</Typography>
            </Box>
          </Box>
        </Container>
      </Box>

      <Container maxWidth="md" sx={{ py: 10, textAlign: 'center' }}>
        <Typography variant="h4" component="h2">
          {l.ctaTitle}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1.5 }}>{l.ctaText}</Typography>
        <Button
          size="large"
          variant="contained"
          color="secondary"
          component={RouterLink}
          to="/register"
          sx={{ mt: 4 }}
        >
          {l.ctaButton}
        </Button>
      </Container>
    </>
  );
}
