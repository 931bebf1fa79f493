import { Box, Button, Container, Heading, Text, VStack } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { SiteFooter } from '../layouts/site-footer.tsx';
import { SiteHeader } from '../layouts/site-header.tsx';
import NotFoundPage from '../pages/not-found.tsx';
import { ChunkLoadError } from './lazy-page.ts';

function Problem({ title, detail, reload }: { title: string; detail: string; reload?: boolean }) {
  return (
    <VStack gap="4" py="16" textAlign="center">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="fg.muted">{detail}</Text>
      {reload ? (
        <Button colorPalette="teal" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      ) : (
        <Button asChild colorPalette="teal">
          <a href="/">Go Back To Home</a>
        </Button>
      )}
    </VStack>
  );
}

function describe(error: unknown) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return null;
    const text = typeof error.data === 'string' && error.data ? error.data : error.statusText;
    return <Problem title={`${error.status} ${error.statusText}`} detail={text} />;
  }
  if (error instanceof ChunkLoadError) {
    const why = { missing: 'missing', timeout: 'time-out', error: 'error' }[error.type];
    return (
      <Problem title={error.message} detail={`The page could not be loaded (${why}).`} reload />
    );
  }
  const detail = error instanceof Error ? error.message : 'Something went wrong.';
  return <Problem title="Something went wrong" detail={detail} reload />;
}

export function RouteError() {
  const error = useRouteError();
  return (
    <Box minH="100vh" display="flex" flexDirection="column">
      <SiteHeader />
      <Container as="main" maxW="7xl" flex="1" py="8">
        {describe(error) ?? <NotFoundPage />}
      </Container>
      <SiteFooter />
    </Box>
  );
}
