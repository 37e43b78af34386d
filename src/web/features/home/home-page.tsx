import { Anchor, Box, Card, Stack, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import type { BrandDetails } from '../../../shared/contract/brand';
import { homeMessages } from '../../../shared/messages/home';
import { useBrand } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { NoticeSearchForm } from './notice-search-form';
import { RegisterPassBlock } from './register-pass-block';

/** The operator's colour, logo and header text, with the main action (the notice search) in it. */
function Hero({ brand }: { brand: BrandDetails }) {
  const isNotices = !brand.isPermitOnly;
  return (
    <Box component="section" className="home-hero" aria-labelledby="home-hero-title">
      <Stack gap="md">
        {brand.logoUrl && (
          <span className="home-hero__logo">
            <img src={brand.logoUrl} alt="" />
          </span>
        )}
        <Title order={1} id="home-hero-title" className="home-hero__title">
          {isNotices ? homeMessages.heroNoticeTitle : homeMessages.heroPassTitle}
        </Title>
        <Text size="lg" className="home-hero__lead">
          {brand.header1 || (isNotices ? homeMessages.heroNoticeLead : homeMessages.heroPassLead)}
        </Text>
        {isNotices && <NoticeSearchForm brand={brand} />}
      </Stack>
    </Box>
  );
}

/** Read when the page renders, so they are in the page's language (not the one a module loaded in). */
const helpTopics = () =>
  [
    { title: homeMessages.whatTitle, text: homeMessages.whatText },
    { title: homeMessages.payTitle, text: homeMessages.payText },
    { title: homeMessages.appealTitle, text: homeMessages.appealText },
    { title: homeMessages.deadlinesTitle, text: homeMessages.deadlinesText },
  ] as const;

function HowItWorks() {
  return (
    <Stack gap="sm" component="section" aria-labelledby="how-it-works-title">
      <Title order={2} size="h3" id="how-it-works-title">
        {homeMessages.helpTitle}
      </Title>
      {/* A CSS grid (styles.css), not SimpleGrid: the same two columns from Mantine's sm breakpoint,
          without SimpleGrid's code in the landing page's download. */}
      <div className="home-help">
        {helpTopics().map((topic) => (
          <Card key={topic.title} withBorder padding="md">
            <Title order={3} size="h5" mb={4}>
              {topic.title}
            </Title>
            <Text size="sm">{topic.text}</Text>
          </Card>
        ))}
      </div>
    </Stack>
  );
}

function Contact({ brand }: { brand: BrandDetails }) {
  if (!brand.contactEmail && !brand.contactNumber && !brand.header2) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="home-contact-title">
      <Title order={2} size="h3" id="home-contact-title" mb="xs">
        {homeMessages.contactTitle}
      </Title>
      <Stack gap={4}>
        {brand.header2 && <Text>{brand.header2}</Text>}
        {brand.contactEmail && (
          <Text>
            {homeMessages.contactEmail}:{' '}
            <Anchor href={`mailto:${brand.contactEmail}`}>{brand.contactEmail}</Anchor>
          </Text>
        )}
        {brand.contactNumber && (
          <Text>
            {homeMessages.contactPhone}:{' '}
            <Anchor href={`tel:${brand.contactNumber.replace(/[^\d+]/g, '')}`}>{brand.contactNumber}</Anchor>
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The tenant's landing page: a hero in the brand's colour with the notice search as the main
 * action, the pass block as the second path, what a notice is and how to pay or appeal, and the
 * operator's contacts. The header already names the portal, so the page does not repeat it.
 */
export function HomePage() {
  const brand = useBrand();
  if (!brand) return <Navigate to={paths.notFound()} replace />;
  return (
    <Stack gap="xl" maw={960} mx="auto">
      <Hero brand={brand} />
      {!brand.isCitationOnly && <RegisterPassBlock brand={brand} />}
      {!brand.isPermitOnly && <HowItWorks />}
      <Contact brand={brand} />
    </Stack>
  );
}
