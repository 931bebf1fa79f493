import {
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { advertisedCarsQuery, categoriesQuery } from '../api/queries.ts';
import { CarGrid, CarGridSkeleton } from '../components/car-grid.tsx';
import { usePageTitle } from '../components/page-title.ts';
import { Pager } from '../components/pager.tsx';
import { PlainInput } from '../components/plain-input.tsx';
import { useCarColumns } from '../components/use-media.ts';
import { useTypedEarly } from '../components/use-typed-early.ts';
import { numberProblem, readNumber, searchHref } from '../search/search-state.ts';

/** The banner's quick search: make or model, and a top price. */
function QuickSearch() {
  const navigate = useNavigate();
  const [words, setWords] = useState('');
  const [price, setPrice] = useState('');
  const wordsBox = useTypedEarly(words, setWords);
  const priceBox = useTypedEarly(price, setPrice);
  const id = useId();
  const problem = numberProblem(price, 'maxPrice');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    const q = words.trim();
    navigate(searchHref({ ...(q ? { q } : {}), maxPrice: readNumber(price, 'maxPrice') }));
  };
  return (
    <Flex
      as="form"
      role="search"
      aria-label="Find a car"
      onSubmit={submit}
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'stretch', sm: 'flex-end' }}
      gap="3"
      bg="bg"
      color="fg"
      p="4"
      borderRadius="xl"
      shadow="md"
    >
      <Stack gap="1.5" flex="2">
        <Text asChild fontSize="sm" fontWeight="medium">
          <label htmlFor={`${id}-words`}>Make or model</label>
        </Text>
        <PlainInput
          ref={wordsBox}
          id={`${id}-words`}
          type="search"
          placeholder="Toyota Corolla"
          value={words}
          onChange={(event) => setWords(event.currentTarget.value)}
        />
      </Stack>
      <Stack gap="1.5" flex="1">
        <Text asChild fontSize="sm" fontWeight="medium">
          <label htmlFor={`${id}-price`}>Max price ($)</label>
        </Text>
        <PlainInput
          ref={priceBox}
          id={`${id}-price`}
          inputMode="numeric"
          placeholder="15,000"
          value={price}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setPrice(event.currentTarget.value)}
        />
        {problem ? (
          <Text id={`${id}-problem`} fontSize="sm" color="fg.error">
            {problem}
          </Text>
        ) : null}
      </Stack>
      <Button type="submit" colorPalette="teal">
        Search
      </Button>
    </Flex>
  );
}

function Banner() {
  return (
    <Box
      borderRadius="2xl"
      px={{ base: '5', md: '12' }}
      py={{ base: '6', md: '20' }}
      color="white"
      bgGradient="to-br"
      gradientFrom="teal.800"
      gradientTo="cyan.700"
    >
      <Stack gap="4" maxW="2xl">
        <Text fontWeight="semibold" letterSpacing="wide" textTransform="uppercase">
          Buy, Sell and Enjoy
        </Text>
        <Heading as="h1" size={{ base: '3xl', md: '5xl' }}>
          Second Gear
        </Heading>
        <Text fontSize="lg">
          Buy car in fair price from the product; you can also sell your old car here.
        </Text>
        <QuickSearch />
        <HStack gap="3">
          <Button asChild colorPalette="gray" variant="solid" bg="white" color="teal.800">
            <RouterLink to="/products">Browse Cars</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

/**
 * The advertised cars; hidden when there are none. Until they arrive, a row of card-sized
 * placeholders keeps their place, so Categories and the stats below do not jump down.
 */
function RecommendedCars() {
  const { data, isPending } = useQuery(advertisedCarsQuery());
  const row = useCarColumns();
  if (!isPending && (!data || data.items.length === 0)) return null;
  return (
    <Box as="section" aria-labelledby="recommended-heading" aria-busy={isPending}>
      <Heading id="recommended-heading" as="h2" size="2xl" mb={{ base: '4', md: '6' }}>
        Recommended Cars
      </Heading>
      {data ? (
        <CarGrid cars={data.items} first />
      ) : (
        <>
          <VisuallyHidden role="status">Loading recommended cars</VisuallyHidden>
          <CarGridSkeleton count={row} />
        </>
      )}
    </Box>
  );
}

/** A category's card: its name, centred, a link to its cars. */
function CategoryCard({ children }: { children: ReactNode }) {
  return (
    <Card.Body alignItems="center" py="8">
      {children}
    </Card.Body>
  );
}

const categoryColumns = { base: 1, sm: 2, md: 3, lg: 4 } as const;

function Categories() {
  const [page, setPage] = useState(1);
  const { data, isPending } = useQuery(categoriesQuery(page));
  const row = useCarColumns();
  return (
    <Box as="section" aria-labelledby="categories-heading" aria-busy={isPending}>
      <Heading id="categories-heading" as="h2" size="2xl" mb="6">
        Categories
      </Heading>
      {isPending ? <VisuallyHidden role="status">Loading categories</VisuallyHidden> : null}
      <SimpleGrid columns={categoryColumns} gap="6">
        {isPending
          ? Array.from({ length: row }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
              <Card.Root key={index} variant="outline" aria-hidden="true">
                <CategoryCard>
                  <Skeleton h="7" w="24" />
                </CategoryCard>
              </Card.Root>
            ))
          : data?.items.map((category) => (
              <Card.Root
                key={category._id}
                asChild
                variant="outline"
                _hover={{ borderColor: 'teal.500', shadow: 'md' }}
              >
                <RouterLink to={`/category/${encodeURIComponent(category.name)}`}>
                  <CategoryCard>
                    <Card.Title as="h3">{category.name}</Card.Title>
                  </CategoryCard>
                </RouterLink>
              </Card.Root>
            ))}
      </SimpleGrid>
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
    </Box>
  );
}

const stats = [
  { label: 'Total Cars', value: '1.8K' },
  { label: 'Total Seller', value: '285' },
  { label: 'Happy Customer', value: '86%' },
];

function Stats() {
  return (
    <SimpleGrid as="section" aria-label="Our numbers" columns={{ base: 1, md: 3 }} gap="6">
      {stats.map((stat) => (
        <Box key={stat.label} borderWidth="1px" borderRadius="xl" p="6" textAlign="center">
          <Text color="fg.muted">{stat.label}</Text>
          <Text fontSize="4xl" fontWeight="bold" color="teal.fg">
            {stat.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

export default function HomePage() {
  usePageTitle('Home');
  // Tighter on a phone, so the first screen shows a car under the banner.
  return (
    <Stack gap={{ base: '8', md: '16' }}>
      <Banner />
      <RecommendedCars />
      <Categories />
      <Stats />
    </Stack>
  );
}
