/**
 * `npm run seed:large [-- --orders N --reset]`: fills a PostgreSQL database with realistic orders over the last
 * two years (default 1,000,000) for the scale benchmarks (`npm run bench:large`).
 *
 * Target: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/bench_large (created when missing). Never PGlite.
 * Set-based SQL (generate_series + INSERT … SELECT) in batches of 50,000 orders, one transaction each, with the
 * progress kept in app_settings: an interrupted run resumes, a finished one only rebuilds the unit economics
 * rollups and re-analyzes.
 * `--reset` drops and recreates the target database first.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { rebuildMarketingFacts } from './rebuild-marketing-facts.ts';
import { openPostgres } from '../db/client.ts';
import { seedDemoData } from '../db/seed/seed.ts';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/bench_large';
const MARKER = 'large_seed';
const BATCH = 50_000;
/** Distinct customers: most order more than once, as in real life. */
const CUSTOMERS = 250_000;
const SPAN_DAYS = 730;

type Marker = { total: number; batchesDone: number; startAt: string; endAt: string; finishedAt?: string };

const FIRST_NAMES_MALE = [
  ['Александр', 'alexander'],
  ['Дмитрий', 'dmitry'],
  ['Максим', 'maxim'],
  ['Сергей', 'sergey'],
  ['Андрей', 'andrey'],
  ['Алексей', 'alexey'],
  ['Артём', 'artem'],
  ['Илья', 'ilya'],
  ['Кирилл', 'kirill'],
  ['Михаил', 'mikhail'],
  ['Никита', 'nikita'],
  ['Иван', 'ivan'],
  ['Павел', 'pavel'],
  ['Роман', 'roman'],
  ['Егор', 'egor'],
  ['Тимур', 'timur'],
  ['Олег', 'oleg'],
  ['Владимир', 'vladimir'],
  ['Пётр', 'petr'],
  ['Фарид', 'farid'],
];
const FIRST_NAMES_FEMALE = [
  ['Анна', 'anna'],
  ['Мария', 'maria'],
  ['Елена', 'elena'],
  ['Ольга', 'olga'],
  ['Наталья', 'natalia'],
  ['Екатерина', 'ekaterina'],
  ['Татьяна', 'tatiana'],
  ['Ирина', 'irina'],
  ['Юлия', 'yulia'],
  ['Анастасия', 'anastasia'],
  ['Дарья', 'daria'],
  ['Ксения', 'ksenia'],
  ['Алёна', 'alena'],
  ['Виктория', 'victoria'],
  ['Полина', 'polina'],
  ['Софья', 'sofia'],
  ['Светлана', 'svetlana'],
  ['Марина', 'marina'],
  ['Алия', 'aliya'],
  ['Дильноза', 'dilnoza'],
];
/** Surnames whose female form adds «а». */
const LAST_NAMES = [
  ['Иванов', 'ivanov'],
  ['Смирнов', 'smirnov'],
  ['Кузнецов', 'kuznetsov'],
  ['Попов', 'popov'],
  ['Васильев', 'vasiliev'],
  ['Петров', 'petrov'],
  ['Соколов', 'sokolov'],
  ['Михайлов', 'mikhailov'],
  ['Новиков', 'novikov'],
  ['Фёдоров', 'fedorov'],
  ['Морозов', 'morozov'],
  ['Волков', 'volkov'],
  ['Алексеев', 'alekseev'],
  ['Лебедев', 'lebedev'],
  ['Семёнов', 'semenov'],
  ['Егоров', 'egorov'],
  ['Павлов', 'pavlov'],
  ['Козлов', 'kozlov'],
  ['Степанов', 'stepanov'],
  ['Николаев', 'nikolaev'],
  ['Орлов', 'orlov'],
  ['Андреев', 'andreev'],
  ['Макаров', 'makarov'],
  ['Никитин', 'nikitin'],
  ['Захаров', 'zakharov'],
  ['Зайцев', 'zaitsev'],
  ['Соловьёв', 'soloviev'],
  ['Борисов', 'borisov'],
  ['Яковлев', 'yakovlev'],
  ['Григорьев', 'grigoriev'],
  ['Романов', 'romanov'],
  ['Воробьёв', 'vorobiev'],
  ['Сергеев', 'sergeev'],
  ['Кузьмин', 'kuzmin'],
  ['Фролов', 'frolov'],
  ['Александров', 'aleksandrov'],
  ['Дмитриев', 'dmitriev'],
  ['Королёв', 'korolev'],
  ['Гусев', 'gusev'],
  ['Киселёв', 'kiselev'],
  ['Ильин', 'ilyin'],
  ['Максимов', 'maksimov'],
  ['Поляков', 'polyakov'],
  ['Сорокин', 'sorokin'],
  ['Виноградов', 'vinogradov'],
  ['Ковалёв', 'kovalev'],
  ['Белов', 'belov'],
  ['Медведев', 'medvedev'],
  ['Антонов', 'antonov'],
  ['Тарасов', 'tarasov'],
  ['Жуков', 'zhukov'],
  ['Баранов', 'baranov'],
  ['Филиппов', 'filippov'],
  ['Комаров', 'komarov'],
  ['Давыдов', 'davydov'],
  ['Беляев', 'belyaev'],
  ['Герасимов', 'gerasimov'],
  ['Богданов', 'bogdanov'],
  ['Осипов', 'osipov'],
  ['Сидоров', 'sidorov'],
];
const MAIL_DOMAINS = ['mail.ru', 'yandex.ru', 'gmail.com', 'bk.ru', 'inbox.ru', 'list.ru', 'rambler.ru'];
const COMPANIES = [
  'ООО «Вектор»',
  'ООО «Глобал Трейд»',
  'АО «СеверСтрой»',
  'ООО «Медтехника»',
  'ООО «Логистик Плюс»',
  'ООО «Альфа Консалтинг»',
  'АО «ТрансЛинк»',
  'ООО «Образование без границ»',
];
const STREETS = [
  'ул. Арбат',
  'Ленинский проспект',
  'ул. Профсоюзная',
  'Кутузовский проспект',
  'ул. Маросейка',
  'ул. Большая Дмитровка',
  'Варшавское шоссе',
  'ул. Бауманская',
];
/** Document types and how often they are ordered (the demo catalogue's `type` keys). */
const DOCUMENT_WEIGHTS: Array<[string, number]> = [
  ['passport', 30],
  ['diploma', 15],
  ['diploma_supplement', 8],
  ['birth_certificate', 15],
  ['marriage_certificate', 10],
  ['driver_license', 10],
  ['criminal_record', 7],
  ['bank_statement', 5],
];

function log(message: string) {
  console.log(`[seed:large ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

/** Connects to the server's maintenance database to create (or, with --reset, recreate) the target. */
async function ensureDatabase(url: URL, reset: boolean) {
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsupported database name: ${name}`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    if (reset) {
      log(`--reset: dropping database ${name}`);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`CREATE DATABASE ${name}`);
      log(`created database ${name}`);
    }
  } finally {
    await admin.end();
  }
}

type Catalogue = {
  documents: Array<{ id: string; type: string; name: string; price: string }>;
  assurances: Array<{ id: string; type: string; name: string; price: string }>;
  deliveries: Array<{ id: string; type: string; name: string; price: string }>;
  points: string[];
  offices: string[];
};

async function readCatalogue(client: pg.Client): Promise<Catalogue> {
  // One connection: the queries go one after another.
  const documents = await client.query(`SELECT id, type, name, price::text FROM document_types`);
  const assurances = await client.query(`SELECT id, type, name, price::text FROM assurances`);
  const deliveries = await client.query(`SELECT id, type, name, price::text FROM deliveries`);
  const points = await client.query(`SELECT id FROM points ORDER BY code`);
  const offices = await client.query(`SELECT id FROM offices ORDER BY name`);
  return {
    documents: documents.rows,
    assurances: assurances.rows,
    deliveries: deliveries.rows,
    points: points.rows.map((row: { id: string }) => row.id),
    offices: offices.rows.map((row: { id: string }) => row.id),
  };
}

/** The customers every order belongs to; ids derive from the customer number, so orders need no join. */
async function insertCustomers(client: pg.Client, startAt: string) {
  await client.query(
    `INSERT INTO users (id, email, phone_number, first_name, last_name, role, created_at, updated_at)
     SELECT md5('seed-large-customer-' || k)::uuid,
            c.login || '.' || k || '@' || ($5::text[])[1 + k % cardinality($5::text[])],
            '+79' || lpad(((k::bigint * 7919 + 123457) % 1000000000)::text, 9, '0'),
            c.first_name, c.last_name, 'USER', $2::timestamptz, $2::timestamptz
     FROM generate_series(0, $1::int - 1) AS k
     CROSS JOIN LATERAL (
       SELECT CASE WHEN k % 2 = 0 THEN ($3::text[])[1 + (k / 2) % cardinality($3::text[])]
                   ELSE ($4::text[])[1 + (k / 2) % cardinality($4::text[])] END AS first_name,
              ($6::text[])[1 + (k * 31) % cardinality($6::text[])] || CASE WHEN k % 2 = 0 THEN '' ELSE 'а' END
                AS last_name,
              ($7::text[])[1 + (k * 31) % cardinality($7::text[])] AS login
     ) AS c
     ON CONFLICT DO NOTHING`,
    [
      CUSTOMERS,
      startAt,
      FIRST_NAMES_MALE.map(([name]) => name!),
      FIRST_NAMES_FEMALE.map(([name]) => name!),
      MAIL_DOMAINS,
      LAST_NAMES.map(([name]) => name!),
      LAST_NAMES.map(([, login]) => login!),
    ],
  );
}

/**
 * One batch of orders [lo, hi): attributes drawn per order, document and assurance lines priced from the
 * catalogue exactly as calculatePrice does, delivery and promo lines, then orders (in time order, so numbers grow
 * with time), lines, payments and a light status history.
 */
async function insertBatch(client: pg.Client, marker: Marker, catalogue: Catalogue, lo: number, hi: number) {
  const weights = DOCUMENT_WEIGHTS.map(([type, weight]) => ({
    document: catalogue.documents.find((row) => row.type === type),
    weight,
  })).filter((entry) => entry.document);
  let cumulative = 0;
  const totalWeight = weights.reduce((sum, entry) => sum + entry.weight, 0);
  const thresholds = weights.map((entry) => (cumulative += entry.weight) / totalWeight);
  const documents = weights.map((entry) => entry.document!);
  const assurance = (type: string) => catalogue.assurances.find((row) => row.type === type)!;
  const delivery = (type: string) => catalogue.deliveries.find((row) => row.type === type)!;
  const deliveryTypes = ['PICKUP_POINT', 'OFFICE', 'COURIER', 'ELECTRONIC'];

  await client.query('BEGIN');
  // The unit economics rollups are rebuilt once at the end (set-based) instead of row by row here; the triggers
  // are off for this transaction only (ALTER TABLE is transactional, so an interrupted batch leaves them on).
  await client.query('ALTER TABLE orders DISABLE TRIGGER USER');
  await client.query('ALTER TABLE order_lines DISABLE TRIGGER USER');
  await client.query(`SET LOCAL synchronous_commit = off`);
  // Reproducible data: the same batch draws the same numbers on every run.
  await client.query('SELECT setseed($1)', [((lo / BATCH) % 1000) / 1000]);
  // Order numbers (decision 064): the trigger orders_assign_number is off here, so the batch reserves a block of
  // orders_number_seq and numbers its orders in time order (g grows with created_at).
  const reserved = await client.query<{ first: string }>(
    `SELECT nextval('orders_number_seq')::text AS first`,
  );
  const firstNumber = Number(reserved.rows[0]!.first);
  await client.query(`SELECT setval('orders_number_seq', $1::bigint)`, [firstNumber + (hi - lo) - 1]);

  // 1. Orders' attributes. Density doubles over the two years (a growing business): the position x of the
  //    order in [0, 1) maps to the time fraction f with f + f²/2 = 1.5x.
  await client.query(
    `CREATE TEMP TABLE seed_orders ON COMMIT DROP AS
     SELECT g, gen_random_uuid() AS id, created_at, k AS customer,
            r_status, r_paid, r_payer, r_delivery, r_point, r_docs, r_promo, r_lang, r_ready, r_attr,
            extract(epoch FROM ($2::timestamptz - created_at)) / 86400 AS age_days
     FROM (
       SELECT g,
              date_trunc('milliseconds',
                $1::timestamptz + (sqrt(1 + 3 * ((g + random()) / $3::float8)) - 1)
                  * ($2::timestamptz - $1::timestamptz)) AS created_at,
              floor(power(random(), 1.15) * $6::int)::int AS k,
              random() AS r_status, random() AS r_paid, random() AS r_payer, random() AS r_delivery,
              random() AS r_point, random() AS r_docs, random() AS r_promo, random() AS r_lang,
              random() AS r_ready, random() AS r_attr
       FROM generate_series($4::int, $5::int - 1) AS g
     ) AS drawn`,
    [marker.startAt, marker.endAt, marker.total, lo, hi, CUSTOMERS],
  );
  await client.query(
    `ALTER TABLE seed_orders
       ADD COLUMN status text, ADD COLUMN is_paid boolean, ADD COLUMN payer_type text,
       ADD COLUMN delivery_type text, ADD COLUMN doc_count int, ADD COLUMN promo_percent int,
       ADD COLUMN promo_code text`,
  );
  await client.query(
    `UPDATE seed_orders SET
       status = CASE
         WHEN age_days > 30 THEN CASE WHEN r_status < 0.80 THEN 'COMPLETED' WHEN r_status < 0.92 THEN 'CANCELED'
                                      ELSE 'NEW' END
         WHEN age_days > 7 THEN CASE WHEN r_status < 0.60 THEN 'COMPLETED' WHEN r_status < 0.65 THEN 'DELIVERING'
                                     WHEN r_status < 0.73 THEN 'READY' WHEN r_status < 0.78 THEN 'IN_PROGRESS'
                                     WHEN r_status < 0.88 THEN 'CANCELED' ELSE 'NEW' END
         ELSE CASE WHEN r_status < 0.25 THEN 'NEW' WHEN r_status < 0.45 THEN 'PAID'
                   WHEN r_status < 0.70 THEN 'IN_PROGRESS' WHEN r_status < 0.82 THEN 'READY'
                   WHEN r_status < 0.87 THEN 'DELIVERING' WHEN r_status < 0.92 THEN 'COMPLETED'
                   ELSE 'CANCELED' END
       END,
       payer_type = CASE WHEN r_payer < 0.15 THEN 'ORGANIZATION' ELSE 'INDIVIDUAL' END,
       delivery_type = CASE WHEN r_delivery < 0.35 THEN 'PICKUP_POINT' WHEN r_delivery < 0.55 THEN 'OFFICE'
                            WHEN r_delivery < 0.70 THEN 'COURIER' ELSE 'ELECTRONIC' END,
       doc_count = CASE WHEN r_docs < 0.65 THEN 1 WHEN r_docs < 0.92 THEN 2 ELSE 3 END,
       promo_percent = CASE WHEN r_promo < 0.07 THEN 10 WHEN r_promo < 0.10 THEN 15 ELSE 0 END,
       promo_code = CASE WHEN r_promo < 0.07 THEN 'WELCOME10' WHEN r_promo < 0.10 THEN 'STUDENT15' END`,
  );
  await client.query(
    `UPDATE seed_orders SET is_paid = status IN ('PAID', 'IN_PROGRESS', 'READY', 'DELIVERING', 'COMPLETED')
       OR (status = 'CANCELED' AND r_paid < 0.15)`,
  );

  // 2. Document lines (distinct documents per order), each followed by its assurances.
  await client.query(
    `CREATE TEMP TABLE seed_lines ON COMMIT DROP AS
     WITH docs AS (
       SELECT o.id AS order_id, j,
              (first_doc + j * 3) % $1::int + 1 AS doc,
              CASE WHEN q < 0.80 THEN 1 WHEN q < 0.95 THEN 2 ELSE 3 END AS quantity,
              ra, rb
       FROM seed_orders o
       CROSS JOIN LATERAL (
         SELECT (SELECT count(*) FROM unnest($2::float8[]) AS t WHERE t <= o.r_docs * 0.999)::int AS first_doc
       ) AS pick
       CROSS JOIN LATERAL generate_series(0, o.doc_count - 1) AS j
       CROSS JOIN LATERAL (SELECT random() AS q, random() AS ra, random() AS rb) AS r
     )
     SELECT order_id, j, 0 AS sub, 'document' AS kind, ($3::uuid[])[doc] AS ref_id, ($4::text[])[doc] AS name,
            ($5::numeric[])[doc] AS unit_price, quantity, ($5::numeric[])[doc] * quantity AS total
     FROM docs
     UNION ALL
     SELECT order_id, j, 1, 'assurance', a.id, a.name || ' — ' || ($4::text[])[doc], a.price, quantity,
            a.price * quantity
     FROM docs
     CROSS JOIN LATERAL (
       SELECT $6::uuid AS id, $7::text AS name, $8::numeric AS price WHERE ra < 0.60
       UNION ALL SELECT $9::uuid, $10::text, $11::numeric WHERE ra >= 0.60 AND ra < 0.85
       UNION ALL SELECT $12::uuid, $13::text, $14::numeric WHERE rb < 0.05
     ) AS a`,
    [
      documents.length,
      thresholds,
      documents.map((row) => row.id),
      documents.map((row) => row.name),
      documents.map((row) => row.price),
      assurance('notarization').id,
      assurance('notarization').name,
      assurance('notarization').price,
      assurance('translator_certification').id,
      assurance('translator_certification').name,
      assurance('translator_certification').price,
      assurance('apostille').id,
      assurance('apostille').name,
      assurance('apostille').price,
    ],
  );

  // 3. Totals and the JSON breakdown, exactly the shape calculatePrice returns.
  await client.query(
    `CREATE TEMP TABLE seed_totals ON COMMIT DROP AS
     SELECT o.id, d.delivery_id, d.delivery_name, d.delivery_price,
            s.documents_total, s.assurances_total,
            (round((s.documents_total + s.assurances_total) * o.promo_percent) / 100)::numeric(12, 2) AS discount
     FROM seed_orders o
     JOIN (
       SELECT order_id,
              sum(total) FILTER (WHERE kind = 'document') AS documents_total,
              coalesce(sum(total) FILTER (WHERE kind = 'assurance'), 0) AS assurances_total
       FROM seed_lines GROUP BY order_id
     ) AS s ON s.order_id = o.id
     JOIN (
       SELECT * FROM unnest($1::text[], $2::uuid[], $3::text[], $4::numeric[])
         AS t(type, delivery_id, delivery_name, delivery_price)
     ) AS d ON d.type = o.delivery_type`,
    [
      deliveryTypes,
      deliveryTypes.map((type) => delivery(type).id),
      deliveryTypes.map((type) => delivery(type).name),
      deliveryTypes.map((type) => delivery(type).price),
    ],
  );
  await client.query(
    `INSERT INTO seed_lines (order_id, j, sub, kind, ref_id, name, unit_price, quantity, total)
     SELECT id, 100, 0, 'delivery', delivery_id, delivery_name, delivery_price, 1, delivery_price FROM seed_totals
     UNION ALL
     SELECT t.id, 101, 0, 'discount', NULL, 'Скидка по промокоду ' || o.promo_percent || '%', -t.discount, 1,
            -t.discount
     FROM seed_totals t JOIN seed_orders o ON o.id = t.id WHERE t.discount > 0`,
  );

  // 4. Orders, in time order.
  await client.query(
    `INSERT INTO orders (
       id, status, user_id, email, name, phone_number, payer_type, organization_inn, organization_kpp,
       organization_name, organization_address, comment, original_language, target_language, delivery_id,
       delivery_type, delivery_name, pickup_point_id, office_id, address, apartment, amount, delivery_price,
       discount, promo_code, promo_discount_percent, price_breakdown, estimated_ready_date, is_paid, paid_at,
       utm_source, utm_medium, acquisition_channel, idempotency_key, created_at, updated_at, deleted_at, number)
     SELECT o.id, o.status, u.id, u.email, u.first_name || ' ' || u.last_name, u.phone_number, o.payer_type,
            CASE WHEN o.payer_type = 'ORGANIZATION' THEN lpad((7700000000 + o.customer % 99999999)::text, 10, '0') END,
            CASE WHEN o.payer_type = 'ORGANIZATION' THEN '770101001' END,
            CASE WHEN o.payer_type = 'ORGANIZATION' THEN ($1::text[])[1 + o.customer % cardinality($1::text[])] END,
            CASE WHEN o.payer_type = 'ORGANIZATION' THEN 'Москва, ' || ($2::text[])[1 + o.customer % cardinality($2::text[])]
                 || ', д. ' || (1 + o.customer % 120) END,
            CASE WHEN o.r_attr < 0.05 THEN 'Нужен перевод к понедельнику, если возможно' END,
            CASE WHEN o.r_lang < 0.75 THEN 'ru' ELSE ($3::text[])[1 + floor(o.r_lang * 1000)::int % cardinality($3::text[])] END,
            CASE WHEN o.r_lang < 0.75 THEN ($4::text[])[1 + floor(o.r_lang * 1000)::int % cardinality($4::text[])] ELSE 'ru' END,
            t.delivery_id, o.delivery_type, t.delivery_name,
            CASE WHEN o.delivery_type = 'PICKUP_POINT' THEN ($5::uuid[])[1 + floor(o.r_point * cardinality($5::uuid[]))::int] END,
            CASE WHEN o.delivery_type = 'OFFICE' THEN ($6::uuid[])[1 + floor(o.r_point * cardinality($6::uuid[]))::int] END,
            CASE WHEN o.delivery_type = 'COURIER' THEN 'Москва, ' || ($2::text[])[1 + o.customer % cardinality($2::text[])]
                 || ', д. ' || (1 + o.customer % 150) END,
            CASE WHEN o.delivery_type = 'COURIER' THEN (1 + o.customer % 300)::text END,
            t.documents_total + t.assurances_total + t.delivery_price - t.discount, t.delivery_price, t.discount,
            o.promo_code, o.promo_percent,
            jsonb_build_object(
              'lines', l.lines,
              'documentsTotal', t.documents_total, 'assurancesTotal', t.assurances_total,
              'deliveryPrice', t.delivery_price,
              'subtotal', t.documents_total + t.assurances_total + t.delivery_price,
              'discountPercent', o.promo_percent, 'discount', t.discount,
              'total', t.documents_total + t.assurances_total + t.delivery_price - t.discount),
            ((o.created_at AT TIME ZONE 'Europe/Moscow')::date + 1 + floor(o.r_ready * 4)::int),
            o.is_paid,
            CASE WHEN o.is_paid THEN o.created_at + (5 + o.r_paid * 115) * interval '1 minute' END,
            CASE WHEN o.r_attr < 0.30 THEN 'yandex' WHEN o.r_attr < 0.40 THEN 'google' WHEN o.r_attr < 0.48 THEN 'vk' END,
            CASE WHEN o.r_attr < 0.40 THEN 'cpc' WHEN o.r_attr < 0.48 THEN 'social' END,
            CASE WHEN o.r_attr < 0.40 THEN 'paid_search' WHEN o.r_attr < 0.48 THEN 'social'
                 WHEN o.r_attr < 0.75 THEN 'organic' ELSE 'direct' END,
            'seed-large:' || o.g,
            o.created_at,
            least($7::timestamptz, o.created_at + CASE o.status
              WHEN 'NEW' THEN interval '0' WHEN 'PAID' THEN interval '10 minutes'
              WHEN 'COMPLETED' THEN interval '4 days' ELSE interval '1 day' END),
            CASE WHEN o.r_attr > 0.999 THEN o.created_at + interval '2 days' END,
            $8::bigint + o.g - $9::int
     FROM seed_orders o
     JOIN seed_totals t ON t.id = o.id
     JOIN users u ON u.id = md5('seed-large-customer-' || o.customer)::uuid
     JOIN (
       SELECT order_id, jsonb_agg(jsonb_build_object('kind', kind, 'refId', ref_id, 'name', name,
                'unitPrice', unit_price, 'quantity', quantity, 'total', total) ORDER BY j, sub) AS lines
       FROM seed_lines GROUP BY order_id
     ) AS l ON l.order_id = o.id
     ORDER BY o.created_at, o.g`,
    [
      COMPANIES,
      STREETS,
      ['en', 'uk', 'kk', 'uz', 'de', 'zh', 'tr'],
      ['en', 'de', 'fr', 'es', 'it', 'zh', 'tr', 'ar'],
      catalogue.points,
      catalogue.offices,
      marker.endAt,
      firstNumber,
      lo,
    ],
  );
  // The partner's commission rate, as the trigger orders_fix_partner_commission copies it (decision 044; the
  // triggers are off in this transaction).
  await client.query(
    `UPDATE orders o SET partner_commission_percent = p.commission
       FROM seed_orders s, points pt JOIN partners p ON p.id = pt.partner_id
      WHERE o.id = s.id AND pt.id = o.pickup_point_id`,
  );
  await client.query(
    `INSERT INTO order_lines (order_id, position, kind, ref_id, name, unit_price, quantity, total)
     SELECT order_id, (row_number() OVER (PARTITION BY order_id ORDER BY j, sub) - 1)::int, kind, ref_id, name,
            unit_price, quantity, total
     FROM seed_lines`,
  );

  // 5. Payments: succeeded for paid orders, an abandoned pending one for a third of the unpaid.
  await client.query(
    `INSERT INTO payments (order_id, provider, provider_payment_id, status, amount, created_at, updated_at)
     SELECT o.id, CASE WHEN s.r_paid < 0.9 THEN 'yookassa' ELSE 'test' END, gen_random_uuid()::text,
            CASE WHEN o.is_paid THEN 'succeeded' ELSE 'pending' END, o.amount, o.created_at,
            coalesce(o.paid_at, o.created_at)
     FROM orders o JOIN seed_orders s ON s.id = o.id
     WHERE o.is_paid OR (o.status = 'NEW' AND s.r_paid < 0.33)`,
  );

  // 6. Status history, lightly: the creation and the latest change.
  await client.query(
    `INSERT INTO order_status_history (order_id, from_status, to_status, comment, created_at)
     SELECT o.id, NULL, 'NEW', NULL, o.created_at FROM seed_orders o
     UNION ALL
     SELECT o.id,
            CASE o.status WHEN 'PAID' THEN 'NEW' WHEN 'IN_PROGRESS' THEN 'PAID' WHEN 'READY' THEN 'IN_PROGRESS'
                          WHEN 'DELIVERING' THEN 'READY' WHEN 'COMPLETED' THEN 'READY'
                          ELSE CASE WHEN o.is_paid THEN 'PAID' ELSE 'NEW' END END,
            o.status,
            CASE WHEN o.status = 'CANCELED' THEN 'Клиент отказался от заказа' END,
            least($1::timestamptz, o.created_at + CASE o.status WHEN 'PAID' THEN interval '10 minutes'
                  WHEN 'COMPLETED' THEN interval '4 days' ELSE interval '1 day' END)
     FROM seed_orders o WHERE o.status <> 'NEW'`,
    [marker.endAt],
  );

  marker.batchesDone += 1;
  await client.query(`UPDATE app_settings SET value = $2::jsonb, updated_at = now() WHERE key = $1`, [
    MARKER,
    JSON.stringify(marker),
  ]);
  await client.query('ALTER TABLE orders ENABLE TRIGGER USER');
  await client.query('ALTER TABLE order_lines ENABLE TRIGGER USER');
  await client.query('COMMIT');
}

async function main() {
  const { values } = parseArgs({
    options: { orders: { type: 'string' }, reset: { type: 'boolean', default: false } },
  });
  const total = Number(values.orders ?? 1_000_000);
  if (!Number.isInteger(total) || total < 1 || total > 20_000_000) {
    console.error('Usage: npm run seed:large -- [--orders 1000000] [--reset]');
    process.exit(2);
  }
  if (process.env.NODE_ENV === 'production') {
    console.error('seed:large fills a database with synthetic orders: refused with NODE_ENV=production');
    process.exit(2);
  }
  const rawUrl = process.env.DATABASE_URL ?? DEFAULT_URL;
  const url = new URL(rawUrl);
  if (!/^postgres(ql)?:$/.test(url.protocol)) {
    console.error(
      'seed:large needs PostgreSQL (DATABASE_URL=postgres://…); the embedded PGlite is not supported',
    );
    process.exit(2);
  }
  log(
    `database ${url.host}${url.pathname}${process.env.DATABASE_URL ? '' : ' (default; set DATABASE_URL to change)'}`,
  );
  await ensureDatabase(url, values.reset);

  // Schema and the demo catalogue (staff accounts, documents, deliveries, points) through the product's own code.
  const database = await openPostgres(rawUrl, { max: 2 });
  await database.migrate();
  // The visits of a demo come from seed:analytics here (the benches compare runs on the same rows).
  await seedDemoData(database.db, { analytics: false });
  await database.close();

  const client = new pg.Client({ connectionString: rawUrl });
  await client.connect();
  try {
    const existing = await client.query<{ value: Marker }>('SELECT value FROM app_settings WHERE key = $1', [
      MARKER,
    ]);
    let marker = existing.rows[0]?.value;
    if (marker && marker.total !== total) {
      throw new Error(
        `this database was seeded for ${marker.total} orders; run with --reset to seed ${total} instead`,
      );
    }
    if (!marker) {
      const end = new Date();
      const start = new Date(end.getTime() - SPAN_DAYS * 86_400_000);
      marker = { total, batchesDone: 0, startAt: start.toISOString(), endAt: end.toISOString() };
      await client.query('INSERT INTO app_settings (key, value) VALUES ($1, $2::jsonb)', [
        MARKER,
        JSON.stringify(marker),
      ]);
      log(`customers: ${CUSTOMERS.toLocaleString('en')}`);
      await insertCustomers(client, marker.startAt);
    }
    const batches = Math.ceil(total / BATCH);
    const catalogue = await readCatalogue(client);
    const started = Date.now();
    const resumedAt = marker.batchesDone;
    if (marker.batchesDone >= batches) log(`already seeded: ${total.toLocaleString('en')} orders`);
    while (marker.batchesDone < batches) {
      const lo = marker.batchesDone * BATCH;
      const hi = Math.min(total, lo + BATCH);
      await insertBatch(client, marker, catalogue, lo, hi);
      const done = marker.batchesDone - resumedAt;
      const perBatch = (Date.now() - started) / done;
      const eta = Math.round(((batches - marker.batchesDone) * perBatch) / 1000);
      log(`orders ${hi.toLocaleString('en')} / ${total.toLocaleString('en')} (eta ${eta} s)`);
    }
    if (!marker.finishedAt) {
      marker.finishedAt = new Date().toISOString();
      await client.query(`UPDATE app_settings SET value = $2::jsonb WHERE key = $1`, [
        MARKER,
        JSON.stringify(marker),
      ]);
    }
    log('unit economics rollups (order_stats_rebuild)');
    await client.query('SELECT order_stats_rebuild()');
    log('marketing order facts (marketing_order_facts_rebuild)');
    await rebuildMarketingFacts(client);
    log('VACUUM ANALYZE');
    for (const table of [
      'users',
      'orders',
      'order_lines',
      'payments',
      'order_status_history',
      'order_stats_daily',
      'order_line_stats_daily',
      'marketing_order_facts',
      'marketing_order_daily',
    ]) {
      await client.query(`VACUUM (ANALYZE) ${table}`);
    }
    const { rows } = await client.query<{ orders: string; lines: string; size: string }>(
      `SELECT (SELECT count(*) FROM orders)::text AS orders, (SELECT count(*) FROM order_lines)::text AS lines,
              pg_size_pretty(pg_database_size(current_database())) AS size`,
    );
    log(`done: ${rows[0]!.orders} orders, ${rows[0]!.lines} order lines, database ${rows[0]!.size}`);
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error('seed:large failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
