import type { WidgetPublicConfig, WidgetQuoteResponse } from '@app/contracts';

/**
 * The integrator's embeddable price calculator (issue 20, decision 072): plain DOM in a shadow root, no React, no
 * dependencies, so it stays a few KB and never clashes with the host page's styles or scripts. Embedded with
 *
 *   <script src="https://<our site>/widget.js" data-widget-id="<id>" async></script>
 *
 * it draws itself right after its script tag; `window.PerevodWidget.mount(element, { id, origin })` mounts it
 * anywhere else. Prices come from our API (the order form's price engine); «Оформить заказ» opens our order form
 * with the selection, the partner attributed through the widget's referral link.
 */

type Options = { id: string; origin: string };
type Line = { documentId: string; quantity: number };

const STYLE = `
:host { all: initial; display: block; }
.w { box-sizing: border-box; font: 15px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif;
  color: var(--text); background: var(--bg); border: 1px solid #ced4da; border-radius: 12px; padding: 16px;
  max-width: 420px; }
.w * { box-sizing: border-box; font: inherit; }
.w h2 { font-size: 18px; font-weight: 700; margin: 0 0 12px; }
.line { display: grid; grid-template-columns: 1fr 76px 36px; gap: 8px; align-items: end; margin-bottom: 8px; }
.langs { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; margin: 8px 0; }
label { display: flex; flex-direction: column; gap: 4px; font-size: 13px; font-weight: 600; }
select, input { width: 100%; min-height: 40px; padding: 6px 8px; border: 1px solid #868e96; border-radius: 8px;
  background: #fff; color: #212529; }
button, a.order { cursor: pointer; border-radius: 8px; min-height: 40px; }
button.remove { border: 1px solid #868e96; background: #fff; color: #212529; font-size: 18px; }
button.add { border: 0; background: none; color: var(--accent); padding: 0; min-height: 32px; font-weight: 600;
  text-decoration: underline; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.total { font-size: 20px; font-weight: 700; margin: 12px 0; }
a.order { display: flex; align-items: center; justify-content: center; background: var(--accent); color: #fff;
  text-decoration: none; font-weight: 700; padding: 8px 16px; }
a.order[aria-disabled='true'] { opacity: .6; pointer-events: none; }
.note, .error { font-size: 13px; margin: 8px 0 0; }
.error { color: #c92a2a; font-weight: 600; }
`;

const rub = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 2 });

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: 'omit' });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new Error(typeof message === 'string' ? message : 'Калькулятор временно недоступен');
  }
  return body as T;
}

export function mount(target: HTMLElement, options: Options): void {
  const root = target.shadowRoot ?? target.attachShadow({ mode: 'open' });
  root.replaceChildren();
  const style = element('style');
  style.textContent = STYLE;
  const box = element('section', { class: 'w', 'aria-labelledby': 'pw-title' });
  box.append(element('h2', { id: 'pw-title' }, 'Стоимость перевода'));
  const status = element('p', { class: 'note', role: 'status' }, 'Загрузка…');
  box.append(status);
  root.append(style, box);
  const api = `${options.origin}/api/widget/${encodeURIComponent(options.id)}`;

  getJson<WidgetPublicConfig>(`${api}/config`)
    .then((config) => render(config))
    .catch((error: Error) => {
      status.className = 'error';
      status.setAttribute('role', 'alert');
      status.textContent = error.message;
    });

  function render(config: WidgetPublicConfig): void {
    box.style.setProperty('--accent', config.theme.accentColor);
    box.style.setProperty('--text', config.theme.textColor);
    box.style.setProperty('--bg', config.theme.backgroundColor);
    status.remove();
    if (config.documents.length === 0) {
      box.append(element('p', { class: 'error', role: 'alert' }, 'Калькулятор временно недоступен'));
      return;
    }
    const lines: Line[] = [{ documentId: config.documents[0]!.id, quantity: 1 }];
    const list = element('div');
    const add = element('button', { type: 'button', class: 'add' }, '+ Добавить документ');
    const languageSelect = (label: string, name: string) => {
      const select = element('select', { name });
      select.append(element('option', { value: '' }, 'Не выбран'));
      for (const language of config.languages)
        select.append(element('option', { value: language.code }, language.name));
      const wrapper = element('label', {}, label);
      wrapper.append(select);
      return { wrapper, select };
    };
    const from = languageSelect('С языка', 'from');
    const to = languageSelect('На язык', 'to');
    const langs = element('div', { class: 'langs' });
    langs.append(from.wrapper, to.wrapper);
    const total = element('p', { class: 'total', 'aria-live': 'polite' });
    const order = element(
      'a',
      { class: 'order', target: '_blank', rel: 'noopener', 'aria-disabled': 'true' },
      'Оформить заказ',
    );
    const error = element('p', { class: 'error', role: 'alert', hidden: '' });
    box.append(
      list,
      add,
      langs,
      total,
      order,
      error,
      element('p', { class: 'note' }, 'Заверение и доставку выберете в форме заказа'),
    );

    let request = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const quote = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const current = ++request;
        const params = new URLSearchParams({
          docs: lines.map((line) => `${line.documentId}:${line.quantity}`).join(','),
        });
        if (from.select.value) params.set('from', from.select.value);
        if (to.select.value) params.set('to', to.select.value);
        order.setAttribute('aria-disabled', 'true');
        getJson<WidgetQuoteResponse>(`${api}/quote?${params.toString()}`)
          .then((result) => {
            if (current !== request) return;
            error.hidden = true;
            total.textContent = `Итого: ${rub.format(result.total)}`;
            order.href = result.orderUrl;
            order.setAttribute('aria-disabled', 'false');
          })
          .catch((failure: Error) => {
            if (current !== request) return;
            error.hidden = false;
            error.textContent = failure.message;
          });
      }, 150);
    };

    const drawLines = () => {
      list.replaceChildren();
      lines.forEach((line, index) => {
        const row = element('div', { class: 'line' });
        const documentLabel = element('label', {}, index === 0 ? 'Документ' : `Документ ${index + 1}`);
        const select = element('select', { name: `document-${index}` });
        for (const document of config.documents) {
          const option = element(
            'option',
            { value: document.id },
            `${document.name} — ${rub.format(document.price)}`,
          );
          if (document.id === line.documentId) option.selected = true;
          select.append(option);
        }
        select.addEventListener('change', () => {
          line.documentId = select.value;
          quote();
        });
        documentLabel.append(select);
        const quantityLabel = element('label', {}, 'Копий');
        const quantity = element('input', {
          type: 'number',
          min: '1',
          max: '99',
          inputmode: 'numeric',
          value: String(line.quantity),
        });
        quantity.addEventListener('change', () => {
          const value = Math.min(99, Math.max(1, Math.round(Number(quantity.value) || 1)));
          quantity.value = String(value);
          line.quantity = value;
          quote();
        });
        quantityLabel.append(quantity);
        const remove = element(
          'button',
          { type: 'button', class: 'remove', 'aria-label': `Убрать документ ${index + 1}` },
          '×',
        );
        remove.disabled = lines.length === 1;
        remove.addEventListener('click', () => {
          lines.splice(index, 1);
          drawLines();
          quote();
        });
        row.append(documentLabel, quantityLabel, remove);
        list.append(row);
      });
      const unused = config.documents.filter(
        (document) => !lines.some((line) => line.documentId === document.id),
      );
      add.hidden = unused.length === 0 || lines.length >= 20;
    };
    add.addEventListener('click', () => {
      const next = config.documents.find(
        (document) => !lines.some((line) => line.documentId === document.id),
      );
      if (!next) return;
      lines.push({ documentId: next.id, quantity: 1 });
      drawLines();
      quote();
    });
    from.select.addEventListener('change', quote);
    to.select.addEventListener('change', quote);
    drawLines();
    quote();
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- a global augmentation needs an interface
  interface Window {
    PerevodWidget?: { mount: typeof mount };
  }
}

window.PerevodWidget = { mount };
const script = document.currentScript;
if (script instanceof HTMLScriptElement && script.dataset.widgetId) {
  const host = document.createElement('div');
  script.insertAdjacentElement('afterend', host);
  mount(host, { id: script.dataset.widgetId, origin: new URL(script.src, window.location.href).origin });
}
