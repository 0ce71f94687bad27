/**
 * chatads conversion tracking: pixels (conversion data sources), event settings, the account's
 * conversions configuration, Conversions API keys, and server-side conversion events (deduplicated
 * by event id per pixel; advanced matching on hashed email and phone).
 */
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { count, markdownTable, money } from '../../../core/markdown';
import { defineChatAdsTool } from '../define';
import { STANDARD_EVENTS, type ChatAdsConversionsConfig } from '../port';
import { pixelIdArg } from './common';

const WINDOWS = [1, 7, 14, 28] as const;
const windowArg = (what: string) =>
  v.pipe(v.picklist(WINDOWS, 'must be 1, 7, 14 or 28 days'), v.description(`${what}: 1, 7, 14 or 28 days`));
const nameArg = (what: string) => v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(200), v.description(what));

const pixelSchema = v.object({ id: v.string(), name: v.string(), events: v.array(v.string()), status: v.string(), created_at: v.string() });
const settingSchema = v.object({
  id: v.string(),
  pixel_id: v.string(),
  event_type: v.string(),
  event_name: v.string(),
  counting: v.string(),
  default_value: v.optional(v.number()),
  click_through_window_days: v.number(),
  primary: v.boolean(),
  created_at: v.string(),
});
const configSchema = v.object({
  default_pixel_id: v.optional(v.string()),
  click_through_window_days: v.number(),
  view_through_window_days: v.literal(1),
  advanced_matching: v.boolean(),
  updated_at: v.optional(v.string()),
});

export const listChatAdsPixels = defineChatAdsTool({
  name: 'list_chatads_pixels',
  description: 'Lists chatads pixels (conversion data sources, cds_...) with their status and the events they receive.',
  access: 'read',
  args: {},
  output: v.object({ pixels: v.array(pixelSchema) }),
  async run(_args, ctx) {
    const pixels = (await ctx.platform.listPixels()).sort((a, b) => a.created_at.localeCompare(b.created_at));
    return {
      text: [
        `## Pixels (${pixels.length})`,
        '',
        pixels.length
          ? markdownTable(
              ['Pixel', 'Id', 'Status', 'Events'],
              pixels.map((p) => [p.name, p.id, p.status, p.events.join(', ') || '(none yet)']),
            )
          : 'No pixels yet: create one with create_chatads_pixel.',
        '',
        'Event settings per pixel: list_chatads_event_settings.',
      ].join('\n'),
      structured: { pixels },
    };
  },
});

export const createChatAdsPixel = defineChatAdsTool({
  name: 'create_chatads_pixel',
  description:
    'Creates a chatads pixel (conversion data source, cds_...) that a website or server sends conversion events to. Then say which events count with create_chatads_event_setting.',
  access: 'write',
  examples: [{ name: 'Example pixel' }],
  args: { name: nameArg('Pixel name, 1-200 characters') },
  output: v.object({ pixel: pixelSchema }),
  async plan(args, ctx) {
    const existing = (await ctx.platform.listPixels()).find((p) => p.name.toLowerCase() === args.name.toLowerCase());
    if (existing)
      throw new ToolError(`A pixel named "${existing.name}" already exists (${existing.id}); pick another name or use that pixel.`, {
        code: 'duplicate_name',
        pixel_id: existing.id,
      });
    return {
      summary: `Create pixel "${args.name}"`,
      changes: [{ action: 'create' as const, entity: 'pixel', name: args.name, fields: { name: { after: args.name } } }],
      data: {},
    };
  },
  async apply(_plan, args, ctx) {
    const pixel = await ctx.step('create_pixel', () => ctx.platform.createPixel({ name: args.name }, ctx.now));
    return {
      text: [
        `## Pixel created: ${pixel.name}`,
        '',
        `Id: ${pixel.id}.`,
        '',
        'Next: create_chatads_event_setting says which events count as conversions; create_chatads_conversions_api_key lets a server send events.',
      ].join('\n'),
      structured: { pixel },
    };
  },
});

export const listChatAdsEventSettings = defineChatAdsTool({
  name: 'list_chatads_event_settings',
  description:
    'Lists chatads event settings: for each pixel, which events count as conversions, how (every or once per click), their default value, click-through window and whether they are primary (used for bidding and reports).',
  access: 'read',
  args: { pixel_id: v.optional(pixelIdArg) },
  output: v.object({ event_settings: v.array(settingSchema) }),
  async run(args, ctx) {
    if (args.pixel_id && !(await ctx.platform.listPixels()).some((p) => p.id === args.pixel_id))
      throw new ToolError(`No pixel with id "${args.pixel_id}" in this account; get ids from list_chatads_pixels.`);
    const settings = (await ctx.platform.listEventSettings())
      .filter((s) => !args.pixel_id || s.pixel_id === args.pixel_id)
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    const currency = ctx.account.currency;
    return {
      text: [
        `## Event settings (${settings.length})`,
        '',
        settings.length
          ? markdownTable(
              ['Event', 'Type', 'Pixel', 'Counting', 'Default value', 'Click window', 'Primary'],
              settings.map((s) => [
                s.event_name,
                s.event_type,
                s.pixel_id,
                s.counting,
                money(s.default_value, currency),
                `${s.click_through_window_days} days`,
                s.primary ? 'yes' : 'no',
              ]),
            )
          : 'No event settings: add one with create_chatads_event_setting.',
      ].join('\n'),
      structured: { event_settings: settings },
    };
  },
});

export const createChatAdsEventSetting = defineChatAdsTool({
  name: 'create_chatads_event_setting',
  description:
    'Creates a chatads event setting: which event of a pixel counts as a conversion (standard type or custom name), counted every time or once per click, its default value, its click-through window, and whether it is primary (used for bidding and reports).',
  access: 'write',
  examples: [{ pixel_id: '<pixel_id from list_chatads_pixels>', event_type: 'start_trial' }],
  args: {
    pixel_id: pixelIdArg,
    event_type: v.pipe(v.picklist(STANDARD_EVENTS), v.description(`Standard event: ${STANDARD_EVENTS.join(', ')}`)),
    event_name: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^[a-z0-9_]{1,64}$/, 'must be 1-64 lowercase letters, digits or underscores'),
        v.description('The name the site sends; required for custom, defaults to event_type'),
      ),
    ),
    counting: v.optional(
      v.pipe(v.picklist(['every', 'once']), v.description('every (default: each event counts) or once (one per click)')),
      'every',
    ),
    default_value: v.optional(
      v.pipe(v.number(), v.minValue(0), v.maxValue(1_000_000), v.description('Value used when an event carries none, account currency')),
    ),
    click_through_window_days: v.optional(windowArg('Click-through window'), 7),
    primary: v.optional(v.pipe(v.boolean(), v.description('Counted in conversions for bidding and reports; default true')), true),
  },
  rules: [
    (a) => (a.event_type === 'custom' && !a.event_name ? '`event_type` custom needs `event_name` (the name the site sends)' : undefined),
  ],
  output: v.object({ event_setting: settingSchema }),
  async plan(args, ctx) {
    const pixel = (await ctx.platform.listPixels()).find((p) => p.id === args.pixel_id);
    if (!pixel) throw new ToolError(`No pixel with id "${args.pixel_id}" in this account; get ids from list_chatads_pixels.`);
    const eventName = args.event_name ?? args.event_type;
    const taken = (await ctx.platform.listEventSettings()).find((s) => s.pixel_id === pixel.id && s.event_name === eventName);
    if (taken)
      throw new ToolError(`Pixel "${pixel.name}" already has an event setting for "${eventName}" (${taken.id}).`, {
        code: 'duplicate',
        event_setting_id: taken.id,
      });
    const setting = {
      pixel_id: pixel.id,
      event_type: args.event_type,
      event_name: eventName,
      counting: args.counting,
      ...(args.default_value !== undefined ? { default_value: args.default_value } : {}),
      click_through_window_days: args.click_through_window_days,
      primary: args.primary,
    };
    return {
      summary: `Count "${eventName}" of pixel "${pixel.name}" as a ${args.primary ? 'primary ' : ''}conversion`,
      changes: [
        {
          action: 'create' as const,
          entity: 'event_setting',
          name: eventName,
          fields: Object.fromEntries(Object.entries(setting).map(([k, value]) => [k, { after: value }])),
        },
      ],
      data: { setting },
    };
  },
  async apply(plan, _args, ctx) {
    const setting = await ctx.step('create_event_setting', () => ctx.platform.createEventSetting(plan.data.setting, ctx.now));
    return {
      text: [
        `## Event setting created: ${setting.event_name}`,
        '',
        `Id ${setting.id} on pixel ${setting.pixel_id}; counted ${setting.counting === 'every' ? 'every time' : 'once per click'}, ${setting.click_through_window_days}-day click window${setting.primary ? ', primary' : ''}.`,
        '',
        'Send server events for it with send_chatads_conversion_event.',
      ].join('\n'),
      structured: { event_setting: setting },
    };
  },
});

export const getChatAdsConversionsConfig = defineChatAdsTool({
  name: 'get_chatads_conversions_config',
  description:
    'Gets the chatads conversions configuration: the default pixel conversions are attributed to, the click-through window, the 1-day view-through window and whether advanced matching (hashed email and phone) is on.',
  access: 'read',
  args: {},
  output: v.object({ config: configSchema }),
  async run(_args, ctx) {
    const config = await ctx.platform.getConversionsConfig();
    return {
      text: [
        `## Conversions configuration`,
        '',
        markdownTable(
          ['Setting', 'Value'],
          [
            ['Default pixel', config.default_pixel_id ?? '(none)'],
            ['Click-through window', `${config.click_through_window_days} days`],
            ['View-through window', '1 day'],
            ['Advanced matching', config.advanced_matching ? 'on' : 'off'],
          ],
        ),
        '',
        'Change it with set_chatads_conversions_config.',
      ].join('\n'),
      structured: { config },
    };
  },
});

export const setChatAdsConversionsConfig = defineChatAdsTool({
  name: 'set_chatads_conversions_config',
  description:
    'Sets the chatads conversions configuration: default pixel, click-through window (1, 7, 14 or 28 days) and advanced matching (match server events on hashed email and phone). Fields left out keep their value.',
  access: 'write',
  examples: [{ advanced_matching: true }],
  args: {
    default_pixel_id: v.optional(pixelIdArg),
    click_through_window_days: v.optional(windowArg('Click-through window')),
    advanced_matching: v.optional(v.pipe(v.boolean(), v.description('Match server events on hashed email and phone as well as click ids'))),
  },
  rules: [
    (a) =>
      a.default_pixel_id === undefined && a.click_through_window_days === undefined && a.advanced_matching === undefined
        ? 'give at least one of `default_pixel_id`, `click_through_window_days`, `advanced_matching`'
        : undefined,
  ],
  output: v.object({ config: configSchema, changed: v.boolean() }),
  async plan(args, ctx) {
    const before = await ctx.platform.getConversionsConfig();
    if (args.default_pixel_id && !(await ctx.platform.listPixels()).some((p) => p.id === args.default_pixel_id))
      throw new ToolError(`No pixel with id "${args.default_pixel_id}" in this account; get ids from list_chatads_pixels.`);
    const wanted = {
      default_pixel_id: args.default_pixel_id,
      click_through_window_days: args.click_through_window_days,
      advanced_matching: args.advanced_matching,
    };
    const fields = Object.fromEntries(
      Object.entries(wanted)
        .filter(([k, value]) => value !== undefined && before[k as keyof ChatAdsConversionsConfig] !== value)
        .map(([k, value]) => [k, { before: before[k as keyof ChatAdsConversionsConfig], after: value }]),
    );
    const after: ChatAdsConversionsConfig = { ...before, ...Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.after])) };
    if (!Object.keys(fields).length)
      return { summary: 'The conversions configuration already has these values; nothing changes', changes: [], data: { before, after } };
    return {
      summary: `Set ${Object.keys(fields).join(', ')} of the conversions configuration`,
      changes: [{ action: 'update' as const, entity: 'conversions_config', fields }],
      data: { before, after },
    };
  },
  async apply(plan, _args, ctx) {
    if (!plan.changes.length)
      return {
        text: '## Conversions configuration unchanged\n\nIt already had these values; nothing changed.',
        structured: { config: plan.data.before, changed: false },
      };
    const { updated_at: _u, ...wanted } = plan.data.after;
    const config = await ctx.platform.setConversionsConfig(wanted, ctx.now);
    return {
      text: [
        `## Conversions configuration updated`,
        '',
        markdownTable(
          ['Setting', 'Before', 'After'],
          Object.entries(plan.changes[0].fields).map(([k, f]) => [k, String(f.before ?? '(none)'), String(f.after)]),
        ),
      ].join('\n'),
      structured: { config, changed: true },
    };
  },
  undo(plan) {
    if (!plan.changes.length) return undefined;
    const back = Object.fromEntries(
      Object.entries(plan.changes[0].fields)
        .filter(([, f]) => f.before !== undefined)
        .map(([k, f]) => [k, f.before]),
    );
    return Object.keys(back).length ? { tool: 'set_chatads_conversions_config', arguments: back } : undefined;
  },
});

export const createChatAdsConversionsApiKey = defineChatAdsTool({
  name: 'create_chatads_conversions_api_key',
  description:
    'Creates a chatads Conversions API key for one pixel, for a server to send conversion events. The secret is shown once in this answer and never again: store it safely.',
  access: 'write',
  examples: [{ name: 'Example key', pixel_id: '<pixel_id from list_chatads_pixels>' }],
  args: { name: nameArg('Key name, 1-200 characters'), pixel_id: pixelIdArg },
  output: v.object({
    api_key: v.object({ id: v.string(), name: v.string(), pixel_id: v.string(), secret_hint: v.string(), created_at: v.string() }),
    secret: v.string(),
  }),
  async plan(args, ctx) {
    if (!(await ctx.platform.listPixels()).some((p) => p.id === args.pixel_id))
      throw new ToolError(`No pixel with id "${args.pixel_id}" in this account; get ids from list_chatads_pixels.`);
    return {
      summary: `Create Conversions API key "${args.name}" for pixel ${args.pixel_id}`,
      changes: [
        {
          action: 'create' as const,
          entity: 'conversions_api_key',
          name: args.name,
          fields: { name: { after: args.name }, pixel_id: { after: args.pixel_id } },
        },
      ],
      data: {},
    };
  },
  async apply(_plan, args, ctx) {
    const { secret, ...key } = await ctx.step('create_key', () =>
      ctx.platform.createConversionsApiKey({ name: args.name, pixel_id: args.pixel_id }, ctx.now),
    );
    return {
      text: [
        `## Conversions API key created: ${key.name}`,
        '',
        `Id ${key.id} for pixel ${key.pixel_id}.`,
        '',
        `Secret (shown once, store it now): \`${secret}\``,
      ].join('\n'),
      structured: { api_key: key, secret },
    };
  },
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const eventSchema = v.object({
  pixel_id: v.string(),
  event_type: v.string(),
  event_name: v.optional(v.string()),
  event_id: v.string(),
  event_time: v.string(),
  value: v.optional(v.number()),
  currency: v.optional(v.string()),
  click_id: v.optional(v.string()),
  hashed_email: v.optional(v.string()),
  hashed_phone: v.optional(v.string()),
  source_url: v.optional(v.string()),
  received_at: v.string(),
  deduplicated: v.boolean(),
  match: v.string(),
});

export const sendChatAdsConversionEvent = defineChatAdsTool({
  name: 'send_chatads_conversion_event',
  description:
    'Sends one server-side conversion event to a chatads pixel: event_type, event_id (the dedup key: an id already received for the pixel is not counted again), event time (up to 7 days back), value and currency, the click id, and advanced matching data (email and phone are hashed with SHA-256 before they leave the gateway, or give them hashed).',
  access: 'write',
  examples: [
    { pixel_id: '<pixel_id from list_chatads_pixels>', event_type: 'purchase', event_id: 'example-1', value: 10, currency: 'USD' },
  ],
  args: {
    pixel_id: pixelIdArg,
    event_type: v.pipe(v.picklist(STANDARD_EVENTS), v.description(`Standard event: ${STANDARD_EVENTS.join(', ')}`)),
    event_name: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^[a-z0-9_]{1,64}$/, 'must be 1-64 lowercase letters, digits or underscores'),
        v.description('Custom event name; required for custom'),
      ),
    ),
    event_id: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(128),
      v.description('Unique id of the event (order id, ...): the dedup key'),
    ),
    event_time: v.optional(
      v.pipe(
        v.string(),
        v.isoTimestamp('must be an ISO 8601 time such as 2026-11-20T14:03:00Z'),
        v.description('When it happened, ISO 8601; default now; at most 7 days back, never in the future'),
      ),
    ),
    value: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1_000_000), v.description('Conversion value; with currency'))),
    currency: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.toUpperCase(),
        v.regex(/^[A-Z]{3}$/, 'must be a 3-letter ISO 4217 code such as USD'),
        v.description('ISO 4217 currency of value'),
      ),
    ),
    click_id: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(500), v.description('The click id from the landing page URL')),
    ),
    email: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.toLowerCase(),
        v.email('must be an email address'),
        v.description('Advanced matching: the customer email, hashed (SHA-256) by the gateway before sending'),
      ),
    ),
    phone: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 phone number such as +15551234567'),
        v.description('Advanced matching: E.164 phone, hashed by the gateway'),
      ),
    ),
    hashed_email: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[a-f0-9]{64}$/, 'must be a lowercase hex SHA-256 (64 characters)'),
        v.description('Advanced matching: SHA-256 of the normalised email'),
      ),
    ),
    hashed_phone: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[a-f0-9]{64}$/, 'must be a lowercase hex SHA-256 (64 characters)'),
        v.description('Advanced matching: SHA-256 of the E.164 phone'),
      ),
    ),
    source_url: v.optional(v.pipe(v.string(), v.url('must be a full URL'), v.description('Page where it happened'))),
  },
  rules: [
    (a) => (a.value !== undefined && !a.currency ? '`value` needs `currency` (ISO 4217, e.g. USD)' : undefined),
    (a) => (a.currency && a.value === undefined ? '`currency` goes with `value`; give the value too' : undefined),
    (a) => (a.event_type === 'custom' && !a.event_name ? '`event_type` custom needs `event_name`' : undefined),
    (a) => (a.email && a.hashed_email ? 'give `email` or `hashed_email`, not both' : undefined),
    (a) => (a.phone && a.hashed_phone ? 'give `phone` or `hashed_phone`, not both' : undefined),
  ],
  output: v.object({ event: eventSchema }),
  async plan(args, ctx) {
    const eventTime = args.event_time ? new Date(args.event_time) : ctx.now;
    if (eventTime.getTime() > ctx.now.getTime() + 60_000)
      throw new ToolError(`\`event_time\` ${args.event_time} is in the future; send events after they happen.`);
    if (ctx.now.getTime() - eventTime.getTime() > 7 * 86_400_000)
      throw new ToolError(
        `\`event_time\` ${args.event_time} is more than 7 days ago; the platform only accepts events from the last 7 days.`,
      );
    const pixel = (await ctx.platform.listPixels()).find((p) => p.id === args.pixel_id);
    if (!pixel) throw new ToolError(`No pixel with id "${args.pixel_id}" in this account; get ids from list_chatads_pixels.`);
    const event = {
      pixel_id: pixel.id,
      event_type: args.event_type,
      ...(args.event_name ? { event_name: args.event_name } : {}),
      event_id: args.event_id,
      event_time: eventTime.toISOString(),
      ...(args.value !== undefined ? { value: args.value, currency: args.currency } : {}),
      ...(args.click_id ? { click_id: args.click_id } : {}),
      ...(args.email || args.hashed_email ? { hashed_email: args.hashed_email ?? sha256(args.email!) } : {}),
      ...(args.phone || args.hashed_phone ? { hashed_phone: args.hashed_phone ?? sha256(args.phone!) } : {}),
      ...(args.source_url ? { source_url: args.source_url } : {}),
    };
    const config = await ctx.platform.getConversionsConfig();
    const notes =
      !event.click_id && (event.hashed_email || event.hashed_phone) && !config.advanced_matching
        ? [
            'Advanced matching is off, so without a click id this event cannot be matched to a click: turn it on with set_chatads_conversions_config (advanced_matching true).',
          ]
        : [];
    const { hashed_email: _e, hashed_phone: _p, ...shown } = event;
    return {
      summary: `Send ${args.event_type} event ${args.event_id} to pixel "${pixel.name}"`,
      changes: [
        {
          action: 'create' as const,
          entity: 'conversion_event',
          id: args.event_id,
          fields: Object.fromEntries(Object.entries(shown).map(([k, value]) => [k, { after: value }])),
        },
      ],
      notes,
      data: { event },
    };
  },
  async apply(plan, _args, ctx) {
    const event = await ctx.platform.sendConversionEvent(plan.data.event as never, ctx.now);
    const lines = [
      `## Conversion event ${event.deduplicated ? 'received as a duplicate' : 'received'}: ${event.event_type}`,
      '',
      event.deduplicated
        ? `Event id ${event.event_id} was already received for this pixel: it is not counted again.`
        : `Event id ${event.event_id}, matched by ${event.match.replace('_', ' ')}${event.value !== undefined ? `, value ${money(event.value, event.currency)}` : ''}.`,
      ...(plan.notes ?? []).map((n) => `- ${n}`),
      '',
      'Received events: list_chatads_conversion_events.',
    ];
    return { text: lines.join('\n'), structured: { event } };
  },
});

export const listChatAdsConversionEvents = defineChatAdsTool({
  name: 'list_chatads_conversion_events',
  description:
    'Lists server-side conversion events received by chatads pixels, newest first, with dedup and match results (click id, advanced matching or unmatched).',
  access: 'read',
  args: {
    pixel_id: v.optional(pixelIdArg),
    limit: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500), v.description('Most events to list, 1-500, default 50')),
      50,
    ),
  },
  output: v.object({ events: v.array(eventSchema), total: v.number() }),
  async run(args, ctx) {
    const all = await ctx.platform.listConversionEvents({ pixel_id: args.pixel_id });
    const events = all.slice(0, args.limit);
    const unmatched = all.filter((e) => e.match === 'unmatched').length;
    return {
      text: [
        `## Conversion events (${events.length} of ${all.length})`,
        '',
        events.length
          ? markdownTable(
              ['Received', 'Event', 'Event id', 'Value', 'Match', 'Pixel'],
              events.map((e) => [
                e.received_at,
                e.event_name ?? e.event_type,
                e.event_id,
                e.value !== undefined ? money(e.value, e.currency) : '-',
                e.match,
                e.pixel_id,
              ]),
            )
          : 'No events received yet: send_chatads_conversion_event sends one.',
        ...(unmatched
          ? [
              '',
              `${count(unmatched)} events could not be matched: send the click id, or turn on advanced matching (set_chatads_conversions_config) and send hashed email or phone.`,
            ]
          : []),
      ].join('\n'),
      structured: { events, total: all.length },
    };
  },
});

export const conversionTools = [
  listChatAdsPixels,
  createChatAdsPixel,
  listChatAdsEventSettings,
  createChatAdsEventSetting,
  getChatAdsConversionsConfig,
  setChatAdsConversionsConfig,
  createChatAdsConversionsApiKey,
  sendChatAdsConversionEvent,
  listChatAdsConversionEvents,
];
