import { Button, Heading, Image, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import notFoundImage from '../assets/not-found.svg';
import { usePageTitle } from '../components/page-title.ts';

export default function NotFoundPage() {
  usePageTitle('Not Found');
  return (
    <VStack gap="6" py="10" textAlign="center">
      <Image src={notFoundImage} alt="404: page not found" maxW="lg" w="full" />
      <Heading as="h1" size="2xl">
        Page Not Found
      </Heading>
      <Text color="fg.muted">The page you are looking for does not exist.</Text>
      <Button asChild colorPalette="teal">
        <RouterLink to="/">Go Back To Home</RouterLink>
      </Button>
    </VStack>
  );
}
