import { Container } from '@mantine/core';
import { ApiDocsView } from '@/features/api-docs/components/api-docs-view';

/** Lazy route module: the docs viewer is never part of the main bundle. */
export function Component() {
  return (
    <Container component="main" size="lg" py="xl">
      <ApiDocsView />
    </Container>
  );
}
