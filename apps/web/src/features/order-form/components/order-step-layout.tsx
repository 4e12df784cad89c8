import { Box, Button, Card, Collapse, Grid, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { BODY_FLAGS, useBodyFlag } from '@/lib/body-flags';
import { formatRub } from '@/lib/format';
import { AppLink } from '@/lib/navigation';
import { Staged } from '@/lib/staged-render';
import { useOrderSummary } from '../hooks/use-order-summary';
import { PriceSummary } from './price-summary';
import classes from './order-step-layout.module.css';

const STEPS = ['Документы', 'Контакты', 'Доставка'] as const;

export const DESKTOP_QUERY = '(min-width: 62em)';

type Props = {
  step: 1 | 2 | 3;
  title: string;
  children: ReactNode;
  /** Where 'Назад' leads (none on step 1). */
  backTo?: string;
  nextLabel: string;
  /** 'Далее' (also Enter in a text field); a promise when the check waits for something (step 1's validators). */
  onNext: () => void | Promise<unknown>;
  isNextLoading?: boolean;
  isNextDisabled?: boolean;
  /** Extra strip above the bar on phones (step 1: add another document). */
  bottomStrip?: ReactNode;
};

/** Enter in these fields continues the step, as in any form (not in a search box: it filters a list). */
const CONTINUE_ON_ENTER = new Set(['text', 'email', 'tel', 'number', 'url', 'password']);

/** The step last drawn in this document: null on the first page load, whose heading is not focused. */
let lastShownStep: number | null = null;

function StepIndicator({ step }: { step: number }) {
  return (
    <nav aria-label="Шаги оформления заказа">
      <ol className={classes.steps}>
        {STEPS.map((label, index) => (
          <li
            key={label}
            className={classes.step}
            data-active={index + 1 === step || undefined}
            data-done={index + 1 < step || undefined}
            aria-current={index + 1 === step ? 'step' : undefined}
          >
            <span className={classes.stepNumber}>{index + 1}</span>
            <span className={classes.stepLabel}>{label}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * One frame for the three steps: step indicator, the form, and the live summary — a side card on wide
 * screens, a sticky bottom bar (total, expandable breakdown, 'Далее') on phones.
 */
export function OrderStepLayout(props: Props) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY, false, { getInitialValueInEffect: false });
  const summary = useOrderSummary();
  const [isExpanded, setExpanded] = useState(false);
  useBodyFlag(BODY_FLAGS.orderSummaryOpen, isExpanded && !isDesktop);
  const total = summary ? formatRub(summary.breakdown.total) : '—';
  const rootRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [checkCount, setCheckCount] = useState(0);

  // A new step is announced and keyboard users start at its top, not on the body where the old button was.
  useEffect(() => {
    if (lastShownStep !== null && lastShownStep !== props.step) headingRef.current?.focus();
    lastShownStep = props.step;
  }, [props.step]);

  // After a 'Далее' that did not pass, focus goes to the first field in error (drawn by then), or to the
  // step's error message when the server refused the order for no field of this step.
  useEffect(() => {
    if (checkCount === 0) return;
    const invalid =
      rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      rootRef.current?.querySelector<HTMLElement>('[data-step-error]');
    if (!invalid) return;
    invalid.focus({ preventScroll: true });
    invalid.scrollIntoView({ block: 'center' });
  }, [checkCount]);

  const next = () => {
    if (props.isNextLoading || props.isNextDisabled) return;
    void Promise.resolve(props.onNext()).finally(() => setCheckCount((count) => count + 1));
  };
  const continueOnEnter = (event: KeyboardEvent<HTMLDivElement>) => {
    const { target } = event;
    // Not on the last step: Enter in the address field must not place the order by itself.
    if (props.step === 3 || event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing)
      return;
    if (!(target instanceof HTMLInputElement) || !CONTINUE_ON_ENTER.has(target.type)) return;
    event.preventDefault();
    next();
  };

  const actions = (
    <Group gap="sm" wrap="nowrap" justify="flex-end">
      {props.backTo ? (
        // Never squeezed by the full-width main button: on a 320 px phone both labels stay whole.
        <Button component={AppLink} to={props.backTo} variant="default" size="md" px="md" flex="none">
          Назад
        </Button>
      ) : null}
      <Button
        size="md"
        onClick={next}
        loading={props.isNextLoading}
        disabled={props.isNextDisabled}
        fullWidth={!isDesktop}
        // A full-width button needs no wide side padding; the longest label ('Оформить заказ') then fits 320 px.
        px={isDesktop ? undefined : 'sm'}
      >
        {props.nextLabel}
      </Button>
    </Group>
  );

  return (
    <Box pb={isDesktop ? 0 : 180} ref={rootRef} onKeyDown={continueOnEnter}>
      <StepIndicator step={props.step} />
      <Title order={1} size="h3" mt="sm" mb="md" ref={headingRef} tabIndex={-1}>
        {props.title}
      </Title>
      {isDesktop ? (
        <Grid gap="xl">
          <Grid.Col span={8}>
            <Stack gap="lg">
              {props.children}
              {actions}
            </Stack>
          </Grid.Col>
          <Grid.Col span={4}>
            <Staged>
              <Card withBorder radius="md" padding="md" className={classes.sideCard}>
                <Title order={2} size="h5" mb="sm">
                  Ваш заказ
                </Title>
                <PriceSummary summary={summary} />
              </Card>
            </Staged>
          </Grid.Col>
        </Grid>
      ) : (
        <>
          <Stack gap="lg">{props.children}</Stack>
          {/* The first live render of a phone's page comes in parts (decision 083): the bar is one. */}
          <Staged>
            <div className={classes.bottomBar} data-testid="order-bottom-bar">
              {props.bottomStrip}
              <Collapse expanded={isExpanded}>
                <Box px="md" pt="sm" className={classes.bottomSummary} id="order-summary-details">
                  <PriceSummary summary={summary} />
                </Box>
              </Collapse>
              <Box px="md" py="sm">
                <UnstyledButton
                  className={classes.totalToggle}
                  onClick={() => setExpanded((value) => !value)}
                  aria-expanded={isExpanded}
                  aria-controls="order-summary-details"
                >
                  <Text size="sm" c="gray.7">
                    Итого {isExpanded ? '▴' : '▾'}
                  </Text>
                  <Text fw={700} size="lg" data-testid="bottom-bar-total">
                    {total}
                  </Text>
                </UnstyledButton>
                <Box mt="xs">{actions}</Box>
              </Box>
            </div>
          </Staged>
        </>
      )}
    </Box>
  );
}
