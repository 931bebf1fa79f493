import { Box, Container, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { FaFacebookF, FaLinkedinIn, FaTwitter } from 'react-icons/fa';
import { Link as RouterLink } from 'react-router-dom';

const social = [
  { label: 'Facebook', icon: <FaFacebookF /> },
  { label: 'Twitter', icon: <FaTwitter /> },
  { label: 'LinkedIn', icon: <FaLinkedinIn /> },
];

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <Box as="footer" borderTopWidth="1px" bg="bg.subtle" mt="16">
      <Container maxW="7xl" py="10">
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="6">
          <Stack gap="1">
            <Text fontWeight="bold" fontSize="lg">
              Second Gear
            </Text>
            <Text color="fg.muted">Buy, Sell and Enjoy</Text>
          </Stack>
          <HStack as="nav" aria-label="Footer" gap="6">
            <Link asChild>
              <RouterLink to="/">Home</RouterLink>
            </Link>
            <Link asChild>
              <RouterLink to="/products">Cars</RouterLink>
            </Link>
            <Link asChild>
              <RouterLink to="/blog">Blog</RouterLink>
            </Link>
          </HStack>
          <HStack gap="2">
            {social.map((item) => (
              <IconButton
                key={item.label}
                asChild
                variant="ghost"
                size="sm"
                aria-label={item.label}
              >
                <RouterLink to="/">{item.icon}</RouterLink>
              </IconButton>
            ))}
          </HStack>
        </Stack>
        {/* A page a server rendered has the server's year, which at New Year may not yet be the
            reader's: the browser's own is kept without a word. */}
        <Text mt="8" textAlign="center" fontSize="sm" color="fg.muted" suppressHydrationWarning>
          Copyright © {year} Second Gear by Nadia Rahman. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
