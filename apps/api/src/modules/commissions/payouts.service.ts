import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  COMMISSION_KIND_LABELS,
  COMMISSION_MESSAGES,
  COMMISSION_STATUS_LABELS,
  formatDate,
  formatDateTime,
  formatRub,
  moscowDate,
  moscowDayStart,
  PAYOUT_STATUS_LABELS,
  type CreatePayoutRunRequest,
  type PartnerPayout,
  type PartnerPayoutsResponse,
  type PayoutExclusion,
  type PayoutRunDetail,
  type PayoutRunSummary,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { lockForTransaction } from '../../db/locks.ts';
import {
  orders,
  partnerAccounts,
  partnerCommissions,
  partnerPaymentDetails,
  partnerPayoutRuns,
  partnerPayouts,
  partnerProgramSettings,
} from '../../db/schema/index.ts';
import { csvRow } from '../../lib/csv.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { PartnerPrincipal, UserPrincipal } from '../../lib/principal.ts';
import { renderPdf } from '../../providers/pdf.ts';
import type { WebhooksService } from '../webhooks/webhooks.service.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { CommissionsRepository, PayoutRunRow } from './commissions.repository.ts';
import { toPartnerCommission } from './commissions.service.ts';
import { encodeWindows1251 } from './windows-1251.ts';

export type PayoutsService = ReturnType<typeof createPayoutsService>;

/** Kopecks as the bank registry writes them: «1234.50» (a dot, two decimals, no spaces, a minus when negative). */
export function registryAmount(kopecks: number): string {
  const sign = kopecks < 0 ? '-' : '';
  const abs = Math.abs(kopecks);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The purpose of payment of a payout (the bank requires the VAT clause). */
export function payoutPurpose(run: { periodFrom: string; periodTo: string }): string {
  return `Выплата партнёрского вознаграждения за период с ${formatDate(run.periodFrom)} по ${formatDate(run.periodTo)}, НДС не облагается`;
}

const REGISTRY_HEADER = [
  '№',
  'Получатель',
  'ИНН',
  'КПП',
  'БИК',
  'Банк',
  'Корр. счёт',
  'Счёт получателя',
  'Сумма',
  'Назначение платежа',
];

/**
 * Payout runs (decision 062): a run for a period takes every partner's APPROVED commissions (negative ones too)
 * approved up to the period's end and in no other payout; a partner with at least the minimum payout and confirmed
 * payment details gets a payout (with the payee as it is now), the others are listed with the reason. The run is
 * exported as a bank registry, then marked paid (commissions PAID, partners told) or cancelled (commissions free).
 */
export function createPayoutsService(deps: {
  db: Db;
  repo: CommissionsRepository;
  audit: AuditRepository;
  mail: MailService;
  /** Integrators hear `commission.paid` for each commission of a run marked paid (decision 071). */
  webhooks: Pick<WebhooksService, 'onPayoutRunPaid'>;
  clock: Clock;
}) {
  const { db, repo, audit, mail, webhooks, clock } = deps;

  /** Unassigned APPROVED commissions up to the period end, by partner (locked when `tx` is a run's creation). */
  async function freeMoney(tx: Db | Tx, periodTo: string, lock: boolean) {
    const query = tx
      .select({
        id: partnerCommissions.id,
        partnerAccountId: partnerCommissions.partnerAccountId,
        amountKopecks: partnerCommissions.amountKopecks,
      })
      .from(partnerCommissions)
      .where(
        and(
          eq(partnerCommissions.status, 'APPROVED'),
          isNull(partnerCommissions.payoutId),
          lt(partnerCommissions.approvedAt, moscowDayStart(periodTo, 1)),
        ),
      )
      .orderBy(asc(partnerCommissions.id));
    const rows = lock ? await query.for('update') : await query;
    const byPartner = new Map<string, { ids: string[]; kopecks: number }>();
    for (const row of rows) {
      const entry = byPartner.get(row.partnerAccountId) ?? { ids: [], kopecks: 0 };
      entry.ids.push(row.id);
      entry.kopecks += row.amountKopecks;
      byPartner.set(row.partnerAccountId, entry);
    }
    if (byPartner.size === 0) return [];
    const partners = await tx
      .select({ partner: partnerAccounts, details: partnerPaymentDetails })
      .from(partnerAccounts)
      .leftJoin(partnerPaymentDetails, eq(partnerPaymentDetails.partnerAccountId, partnerAccounts.id))
      .where(inArray(partnerAccounts.id, [...byPartner.keys()]))
      .orderBy(asc(partnerAccounts.name));
    return partners.map((row) => ({ ...row, ...byPartner.get(row.partner.id)! }));
  }

  function exclusionOf(
    entry: Awaited<ReturnType<typeof freeMoney>>[number],
    minPayoutKopecks: number,
  ): PayoutExclusion['reason'] | null {
    if (entry.partner.status !== 'ACTIVE') return 'PARTNER_NOT_ACTIVE';
    if (entry.kopecks < minPayoutKopecks || entry.kopecks <= 0) return 'BELOW_MINIMUM';
    if (!entry.details) return 'NO_PAYMENT_DETAILS';
    return null;
  }

  async function minPayout(tx: Db | Tx): Promise<number> {
    const [row] = await tx
      .select({ min: partnerProgramSettings.minPayoutKopecks })
      .from(partnerProgramSettings)
      .where(eq(partnerProgramSettings.id, 1));
    return row?.min ?? 100_000;
  }

  async function findRun(runId: string): Promise<PayoutRunRow> {
    const [run] = await db.select().from(partnerPayoutRuns).where(eq(partnerPayoutRuns.id, runId));
    if (!run) throw notFound(COMMISSION_MESSAGES.payoutRunNotFound);
    return run;
  }

  async function payoutsOf(runId: string) {
    return db
      .select({
        payout: partnerPayouts,
        partnerName: partnerAccounts.name,
        partnerEmail: partnerAccounts.email,
        commissionCount: sql<number>`(select count(*)::int from partner_commissions c where c.payout_id = ${partnerPayouts.id})`,
      })
      .from(partnerPayouts)
      .innerJoin(partnerAccounts, eq(partnerAccounts.id, partnerPayouts.partnerAccountId))
      .where(eq(partnerPayouts.runId, runId))
      .orderBy(asc(partnerAccounts.name));
  }

  function summaryOf(run: PayoutRunRow, payouts: Array<{ amountKopecks: number }>): PayoutRunSummary {
    return {
      id: run.id,
      periodFrom: run.periodFrom,
      periodTo: run.periodTo,
      status: run.status,
      payoutCount: payouts.length,
      totalKopecks: payouts.reduce((sum, payout) => sum + payout.amountKopecks, 0),
      createdAt: run.createdAt.toISOString(),
      paidAt: run.paidAt?.toISOString() ?? null,
    };
  }

  async function detail(runId: string): Promise<PayoutRunDetail> {
    const run = await findRun(runId);
    const payouts = await payoutsOf(run.id);
    let excluded: PayoutExclusion[] = [];
    if (run.status === 'DRAFT') {
      const min = await minPayout(db);
      excluded = (await freeMoney(db, run.periodTo, false)).flatMap((entry) => {
        const reason = exclusionOf(entry, min);
        // Money approved after the run was made, for a partner who qualifies, waits for the next run.
        if (!reason) return [];
        return [
          {
            partnerAccountId: entry.partner.id,
            partnerName: entry.partner.name,
            amountKopecks: entry.kopecks,
            reason,
          },
        ];
      });
    }
    return {
      ...summaryOf(
        run,
        payouts.map((row) => row.payout),
      ),
      payouts: payouts.map((row) => ({
        id: row.payout.id,
        partnerAccountId: row.payout.partnerAccountId,
        partnerName: row.partnerName,
        amountKopecks: row.payout.amountKopecks,
        commissionCount: Number(row.commissionCount),
        status: row.payout.status,
        payee: row.payout.payee ?? null,
      })),
      excluded,
    };
  }

  return {
    detail,

    async listRuns(): Promise<PayoutRunSummary[]> {
      const runs = await db
        .select()
        .from(partnerPayoutRuns)
        .orderBy(desc(partnerPayoutRuns.createdAt))
        .limit(200);
      if (runs.length === 0) return [];
      const payouts = await db
        .select({ runId: partnerPayouts.runId, amountKopecks: partnerPayouts.amountKopecks })
        .from(partnerPayouts)
        .where(
          inArray(
            partnerPayouts.runId,
            runs.map((run) => run.id),
          ),
        );
      return runs.map((run) =>
        summaryOf(
          run,
          payouts.filter((payout) => payout.runId === run.id),
        ),
      );
    },

    /**
     * Creates a DRAFT run. Runs are created one at a time (a transaction lock), and the commissions taken are
     * locked and assigned only while still APPROVED and in no payout: two runs at once never take one commission.
     */
    async createRun(actor: UserPrincipal, input: CreatePayoutRunRequest): Promise<PayoutRunDetail> {
      const now = clock.now();
      if (input.periodTo > moscowDate(now)) throw badRequest(COMMISSION_MESSAGES.payoutPeriodInvalid);
      const runId = await db.transaction(async (tx) => {
        await lockForTransaction(tx, 'partner-payout-runs');
        const min = await minPayout(tx);
        const candidates = (await freeMoney(tx, input.periodTo, true)).filter(
          (entry) => exclusionOf(entry, min) === null,
        );
        if (candidates.length === 0) throw new AppError('CONFLICT', COMMISSION_MESSAGES.payoutRunEmpty);
        const run = await repo.insertRun(tx, { ...input, createdBy: actor.userId, now });
        for (const entry of candidates) {
          const details = entry.details!;
          await repo.insertPayout(tx, {
            runId: run.id,
            partnerAccountId: entry.partner.id,
            amountKopecks: entry.kopecks,
            payee: {
              payeeType: details.payeeType,
              payeeName: details.payeeName,
              inn: details.inn,
              kpp: details.kpp ?? '',
              bik: details.bik,
              bankName: details.bankName ?? '',
              account: details.account,
              correspondentAccount: details.correspondentAccount ?? '',
              email: entry.partner.email,
            },
            commissionIds: entry.ids,
            now,
          });
        }
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'partner.payout.create',
          entity: 'partner_payout_run',
          entityId: run.id,
          data: { ...input, payouts: candidates.length },
        });
        return run.id;
      });
      return detail(runId);
    },

    /**
     * The bank payment registry of a run: CSV in Windows-1251 with «;» and CRLF — what 1C and the bank clients of
     * Russian banks (Сбербанк Бизнес Онлайн, Альфа, Тинькофф «реестр платежей») import; cells through the shared CSV
     * writer (formulas neutralised).
     */
    async registry(runId: string): Promise<{ filename: string; body: Buffer }> {
      const run = await findRun(runId);
      const payouts = await payoutsOf(run.id);
      const purpose = payoutPurpose(run);
      const lines = [csvRow(REGISTRY_HEADER)];
      payouts
        .filter((row) => row.payout.status !== 'CANCELLED')
        .forEach((row, index) => {
          const payee = row.payout.payee ?? {};
          lines.push(
            csvRow([
              index + 1,
              payee.payeeName ?? row.partnerName,
              payee.inn ?? '',
              payee.kpp ?? '',
              payee.bik ?? '',
              payee.bankName ?? '',
              payee.correspondentAccount ?? '',
              payee.account ?? '',
              registryAmount(row.payout.amountKopecks),
              purpose,
            ]),
          );
        });
      const text = lines.map((line) => line.replace(/\n$/, '\r\n')).join('');
      return {
        filename: `payouts-${run.periodFrom}-${run.periodTo}.csv`,
        body: encodeWindows1251(text),
      };
    },

    /** DRAFT → PAID once (a second «Отметить выплаченной» finds it paid): commissions PAID, partners e-mailed. */
    async markRunPaid(actor: UserPrincipal, runId: string): Promise<PayoutRunDetail> {
      await findRun(runId);
      await db.transaction(async (tx) => {
        const run = await repo.closeRun(tx, {
          runId,
          to: 'PAID',
          actorUserId: actor.userId,
          now: clock.now(),
        });
        if (!run) throw new AppError('CONFLICT', COMMISSION_MESSAGES.payoutRunNotDraft);
        await webhooks.onPayoutRunPaid(tx, run.id);
        const payouts = await tx
          .select({ payout: partnerPayouts, email: partnerAccounts.email, name: partnerAccounts.name })
          .from(partnerPayouts)
          .innerJoin(partnerAccounts, eq(partnerAccounts.id, partnerPayouts.partnerAccountId))
          .where(and(eq(partnerPayouts.runId, run.id), eq(partnerPayouts.status, 'PAID')));
        for (const row of payouts) {
          await mail.queue(tx, {
            to: row.email,
            template: 'partner-payout-paid',
            params: {
              name: row.name,
              amount: row.payout.amountKopecks / 100,
              periodFrom: run.periodFrom,
              periodTo: run.periodTo,
            },
          });
        }
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'partner.payout.paid',
          entity: 'partner_payout_run',
          entityId: run.id,
          data: { payouts: payouts.length },
        });
      });
      return detail(runId);
    },

    /** DRAFT → CANCELLED: its commissions are free for the next run. */
    async cancel(actor: UserPrincipal, runId: string): Promise<PayoutRunDetail> {
      await findRun(runId);
      await db.transaction(async (tx) => {
        const run = await repo.closeRun(tx, {
          runId,
          to: 'CANCELLED',
          actorUserId: actor.userId,
          now: clock.now(),
        });
        if (!run) throw new AppError('CONFLICT', COMMISSION_MESSAGES.payoutRunNotDraft);
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'partner.payout.cancel',
          entity: 'partner_payout_run',
          entityId: run.id,
          data: {},
        });
      });
      return detail(runId);
    },

    /** The partner's payouts (not cancelled ones), newest first, each with its commissions. */
    async listForPartner(actor: PartnerPrincipal): Promise<PartnerPayoutsResponse> {
      const rows = await db
        .select({ payout: partnerPayouts, run: partnerPayoutRuns })
        .from(partnerPayouts)
        .innerJoin(partnerPayoutRuns, eq(partnerPayoutRuns.id, partnerPayouts.runId))
        .where(
          and(
            eq(partnerPayouts.partnerAccountId, actor.partnerAccountId),
            inArray(partnerPayouts.status, ['DRAFT', 'PAID']),
          ),
        )
        .orderBy(desc(partnerPayouts.createdAt))
        .limit(200);
      if (rows.length === 0) return { items: [] };
      const commissions = await db
        .select({ commission: partnerCommissions, orderNumber: orders.number })
        .from(partnerCommissions)
        .leftJoin(orders, eq(orders.id, partnerCommissions.orderId))
        .where(
          inArray(
            partnerCommissions.payoutId,
            rows.map((row) => row.payout.id),
          ),
        )
        .orderBy(asc(partnerCommissions.createdAt));
      return {
        items: rows.map(({ payout, run }): PartnerPayout => ({
          id: payout.id,
          periodFrom: run.periodFrom,
          periodTo: run.periodTo,
          amountKopecks: payout.amountKopecks,
          status: payout.status,
          createdAt: payout.createdAt.toISOString(),
          paidAt: payout.paidAt?.toISOString() ?? null,
          commissions: commissions
            .filter((row) => row.commission.payoutId === payout.id)
            .map((row) => toPartnerCommission(row.commission, row.orderNumber ?? null)),
        })),
      };
    },

    /** A PDF statement of one of the partner's payouts: the payee, the period, every commission, the total. */
    async statement(actor: PartnerPrincipal, payoutId: string): Promise<{ filename: string; body: Buffer }> {
      const { items } = await this.listForPartner(actor);
      const payout = items.find((item) => item.id === payoutId);
      if (!payout) throw notFound(COMMISSION_MESSAGES.payoutNotFound);
      const [partner] = await db
        .select({ name: partnerAccounts.name })
        .from(partnerAccounts)
        .where(eq(partnerAccounts.id, actor.partnerAccountId));
      const rub = (kopecks: number) => formatRub(kopecks / 100);
      const table: Content = {
        table: {
          headerRows: 1,
          widths: ['auto', '*', 'auto', 'auto', 'auto'],
          body: [
            ['Дата', 'Начисление', 'База', 'Ставка', 'Сумма'].map((text) => ({ text, bold: true })),
            ...payout.commissions.map((commission) => [
              formatDate(commission.createdAt),
              commission.orderNumber
                ? `${COMMISSION_KIND_LABELS[commission.kind]}: заказ №${commission.orderNumber}`
                : `${COMMISSION_KIND_LABELS[commission.kind]}${commission.reason ? `: ${commission.reason}` : ''}`,
              commission.baseKopecks ? rub(commission.baseKopecks) : '—',
              commission.ratePercent !== null && commission.kind === 'ORDER'
                ? `${commission.ratePercent} %`
                : '—',
              rub(commission.amountKopecks),
            ]),
          ],
        },
      };
      const definition: TDocumentDefinitions = {
        info: { title: 'Выписка по выплате' },
        defaultStyle: { font: 'Roboto', fontSize: 10 },
        content: [
          { text: 'Выписка по выплате партнёрского вознаграждения', fontSize: 14, bold: true },
          { text: `Партнёр: ${partner?.name ?? ''}`, margin: [0, 8, 0, 0] },
          { text: `Период: ${formatDate(payout.periodFrom)} — ${formatDate(payout.periodTo)}` },
          {
            text: `Статус: ${PAYOUT_STATUS_LABELS[payout.status]}${payout.paidAt ? `, ${formatDateTime(payout.paidAt)}` : ''}`,
          },
          { text: `Сумма выплаты: ${rub(payout.amountKopecks)}`, bold: true, margin: [0, 0, 0, 8] },
          table,
          {
            text: `Статусы начислений: ${[...new Set(payout.commissions.map((c) => COMMISSION_STATUS_LABELS[c.status]))].join(', ')}`,
            margin: [0, 8, 0, 0],
            fontSize: 8,
          },
          { text: 'НДС не облагается.', margin: [0, 4, 0, 0], fontSize: 8 },
        ],
      };
      return {
        filename: `payout-${payout.periodFrom}-${payout.periodTo}.pdf`,
        body: await renderPdf(definition),
      };
    },
  };
}
