import { Box, Container, Flex } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export function PublicLayout() {
  return (
    <Flex direction="column" minH="100vh">
      <SiteHeader />
      <Box as="main" flex="1">
        <Container maxW="7xl" py="8">
          <Outlet />
        </Container>
      </Box>
      <SiteFooter />
    </Flex>
  );
}
