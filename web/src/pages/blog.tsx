import { Accordion, Heading, Stack, Text } from '@chakra-ui/react';
import { usePageTitle } from '../components/page-title.ts';

const posts = [
  {
    id: 'state',
    question: 'What are the different ways to manage state in a React application?',
    answer:
      'Keep state as close as possible to where it is used. Values that belong to one component live in useState or useReducer. Values that several distant components read can be lifted to a common parent or shared through context. Data that comes from a server is best held by a data-fetching cache such as TanStack Query, which also handles loading, errors and refetching. The address bar is state too: filters and page numbers often belong in the URL. A global store (Redux, Zustand and similar) pays off when many parts of the app change the same client-side data.',
  },
  {
    id: 'prototypes',
    question: 'How does prototypical inheritance work in JavaScript?',
    answer:
      'Every object has a hidden link to another object, its prototype. When you read a property the object does not have, JavaScript follows that link and looks there, then on the prototype of the prototype, until the chain ends at null. Methods defined on a constructor function’s prototype, or in a class body, are therefore shared by every instance instead of being copied into each one. The class keyword is a friendlier way to set up the same chain; Object.create lets you choose an object’s prototype directly.',
  },
  {
    id: 'unit-tests',
    question: 'What is a unit test, and why should we write them?',
    answer:
      'A unit test checks one small piece of code, such as a function or a component, on its own, quickly and without a network or a database. It states what the code should do for a given input, so it documents the intent, catches a regression the moment it appears, and lets you change the code with confidence. Good unit tests are fast, independent of each other, and fail for one clear reason. They complement, not replace, tests that exercise the whole system.',
  },
  {
    id: 'frameworks',
    question: 'React vs. Angular vs. Vue: how do they compare?',
    answer:
      'React is a library for building user interfaces from components written in JSX; routing, forms and data fetching come from separate packages that you pick. Angular is a complete framework with TypeScript, dependency injection, a router, forms and an HTTP client built in, which suits large teams that value one prescribed way. Vue sits in between: single-file components with HTML-like templates, an official router and store, and a gentle learning curve. All three are fast and mature; the choice usually follows the team’s experience and how much structure it wants.',
  },
];

export default function BlogPage() {
  usePageTitle('Blog');
  return (
    <Stack gap="6" maxW="4xl" mx="auto">
      <Heading as="h1" size="3xl">
        Blog
      </Heading>
      <Text color="fg.muted">Short answers to questions web developers often ask.</Text>
      <Accordion.Root multiple defaultValue={[posts[0]!.id]} variant="enclosed">
        {posts.map((post) => (
          <Accordion.Item key={post.id} value={post.id}>
            <Accordion.ItemTrigger>
              <Heading as="h2" size="md" flex="1" textAlign="start">
                {post.question}
              </Heading>
              <Accordion.ItemIndicator />
            </Accordion.ItemTrigger>
            <Accordion.ItemContent>
              <Accordion.ItemBody>
                <Text lineHeight="tall">{post.answer}</Text>
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </Stack>
  );
}
