/**
 * User lists (remarketing and Customer Match lists) and Customer Match uploads. Emails and phone
 * numbers are normalised and SHA-256 hashed while the arguments are parsed, so a raw address never
 * reaches a plan, a held action, the platform or an answer: only hashes and counts go on.
 */
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedChange } from '../../../core/plan';
import { count, markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsUserList } from '../port-audience';

/** Search (and YouTube) serve to a list only once it has at least this many matched, active members. */
export const SERVING_THRESHOLD = 1000;
/** Identifiers per call (emails and phone numbers together). */
const MAX_MEMBERS = 10_000;
const NO_EXPIRY = 10000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const HASH = /^[0-9a-f]{64}$/;

/** Customer Match normalisation of an email: trimmed, lower case (a SHA-256 hex digest is taken as already hashed). */
export function normaliseEmail(raw: string): string | undefined {
  const email = raw.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : undefined;
}

/** E.164: `+`, country code and number, 8-15 digits; spaces, dots, dashes and brackets are dropped. */
export function normalisePhone(raw: string): string | undefined {
  const phone = raw.trim().replace(/[\s().-]/g, '');
  return /^\+[1-9]\d{7,14}$/.test(phone) ? phone : undefined;
}

/** A list of emails or phone numbers, checked, normalised and hashed as it is parsed; hashes pass through. */
const hashedMembers = (kind: 'emails' | 'phone_numbers') =>
  v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.maxLength(320, 'must be at most 320 characters'))),
      v.maxLength(MAX_MEMBERS, `takes at most ${count(MAX_MEMBERS)} entries`),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const normalise = kind === 'emails' ? normaliseEmail : normalisePhone;
        const bad: number[] = [];
        const hashes = dataset.value.map((raw, i) => {
          if (HASH.test(raw)) return raw;
          const value = normalise(raw);
          if (value === undefined) bad.push(i);
          return value === undefined ? '' : sha256(value);
        });
        if (bad.length) {
          // The entries are not quoted: they are personal data.
          addIssue({
            message: `entries ${bad.slice(0, 10).join(', ')}${bad.length > 10 ? ` and ${bad.length - 10} more` : ''} are not ${kind === 'emails' ? 'email addresses' : 'phone numbers in E.164 form (+ country code and number, e.g. +15555550100)'}`,
          });
          return NEVER;
        }
        return hashes;
      }),
      v.description(
        kind === 'emails'
          ? 'Email addresses of customers who consented; trimmed, lower-cased and SHA-256 hashed in the gateway before anything is sent or stored (hex SHA-256 digests are accepted as already hashed)'
          : 'Phone numbers in E.164 (+ country code and number; spaces and dashes are dropped), SHA-256 hashed in the gateway like emails',
      ),
    ),
  );

const userListOutput = v.object({
  id: v.string(),
  resource_name: v.string(),
  name: v.string(),
  description: v.optional(v.string()),
  type: v.string(),
  membership_status: v.string(),
  membership_life_span: v.number(),
  size_for_search: v.number(),
  size_for_display: v.number(),
  eligible_for_search: v.boolean(),
  upload_key_type: v.optional(v.string()),
  serves_on_search: v.boolean(),
});

const lifeSpan = (days: number) => (days === NO_EXPIRY ? 'no expiry' : `${days} days`);
const row = (l: SearchAdsUserList) => ({ ...l, serves_on_search: l.eligible_for_search && l.size_for_search >= SERVING_THRESHOLD });

export const listUserLists = defineSearchAdsTool({
  name: 'list_user_lists',
  description:
    "The account's user lists: remarketing lists (RULE_BASED), Customer Match lists (CRM_BASED), combined (LOGICAL) and similar-audience (SIMILAR) lists, with membership status, membership life span (days, 10000 = no expiry), sizes on Search and Display and whether the list is big enough to serve on Search (1,000 members). Their ids go to add_ad_group_audiences (`user_lists`).",
  access: 'read',
  args: {
    types: v.optional(
      v.pipe(
        v.array(v.picklist(['RULE_BASED', 'CRM_BASED', 'LOGICAL', 'SIMILAR'])),
        v.minLength(1),
        v.description('Only lists of these types (default all)'),
      ),
    ),
    query: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(100), v.description('Case-insensitive text in the name or description')),
      '',
    ),
  },
  output: v.object({ customer_id: v.string(), total: v.number(), user_lists: v.array(userListOutput) }),
  async run(args, ctx) {
    const q = args.query.toLowerCase();
    const lists = (await ctx.platform.listUserLists())
      .filter(
        (l) => (!args.types || args.types.includes(l.type)) && (!q || `${l.name} ${l.description ?? ''} ${l.id}`.toLowerCase().includes(q)),
      )
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(row);
    const small = lists.filter((l) => !l.serves_on_search);
    const text = [
      `## User lists of ${ctx.account.account_id}: ${lists.length}`,
      '',
      lists.length
        ? markdownTable(
            ['List', 'Id', 'Type', 'Status', 'Life span', 'Search size', 'Display size', 'Serves on Search'],
            lists.map((l) => [
              l.name,
              l.id,
              l.type,
              l.membership_status,
              lifeSpan(l.membership_life_span),
              count(l.size_for_search),
              count(l.size_for_display),
              l.serves_on_search ? 'yes' : 'no',
            ]),
          )
        : 'No user list matches.',
      ...(small.length
        ? ['', `Below ${count(SERVING_THRESHOLD)} members a list does not serve on Search: ${small.map((l) => `"${l.name}"`).join(', ')}.`]
        : []),
      '',
      'add_ad_group_audiences adds a list to an ad group (`user_lists`); create_customer_match_list makes a list from customer emails and phone numbers.',
    ].join('\n');
    return { text, structured: { customer_id: ctx.account.account_id, total: lists.length, user_lists: lists } };
  },
});

export const createCustomerMatchList = defineSearchAdsTool({
  name: 'create_customer_match_list',
  description:
    "Creates a Customer Match list (a CRM_BASED user list, upload key CONTACT_INFO) from customer emails and/or phone numbers and uploads them (an offline user data job). Emails are trimmed and lower-cased, phone numbers put in E.164, and both SHA-256 hashed in the gateway: raw contact data is never sent, stored or returned. Needs the customers' consent (ad_user_data and ad_personalization GRANTED). A list serves on Search only once at least 1,000 members are matched; the list then shows in search_audiences and list_user_lists and goes to add_ad_group_audiences.",
  access: 'write',
  examples: [
    {
      name: 'Example customer list',
      emails: ['example.customer@example.com'],
      phone_numbers: ['+1 415 555 0100'],
      consent: { ad_user_data: 'GRANTED', ad_personalization: 'GRANTED' },
    },
  ],
  args: {
    name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(255, 'must be at most 255 characters'),
      v.description("List name, unique among the account's user lists"),
    ),
    description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000), v.description('What the list holds'))),
    emails: hashedMembers('emails'),
    phone_numbers: hashedMembers('phone_numbers'),
    membership_life_span_days: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.check((d) => (d >= 1 && d <= 540) || d === NO_EXPIRY, 'must be 1-540 days, or 10000 for no expiry'),
        v.description('Days a member stays on the list: 1-540, or 10000 for no expiry (default 540)'),
      ),
      540,
    ),
    consent: v.pipe(
      v.strictObject({
        ad_user_data: v.pipe(v.picklist(['GRANTED', 'DENIED']), v.description('Consent to send the data for advertising')),
        ad_personalization: v.pipe(v.picklist(['GRANTED', 'DENIED']), v.description('Consent to personalised advertising')),
      }),
      v.description('The consent the customers gave (both must be GRANTED for Customer Match)'),
    ),
  },
  rules: [
    (a) =>
      (a.emails?.length ?? 0) + (a.phone_numbers?.length ?? 0) === 0 ? 'give at least one entry in `emails` or `phone_numbers`' : undefined,
    (a) =>
      (a.emails?.length ?? 0) + (a.phone_numbers?.length ?? 0) > MAX_MEMBERS
        ? `\`emails\` and \`phone_numbers\` take at most ${count(MAX_MEMBERS)} entries together`
        : undefined,
    (a) =>
      a.consent.ad_user_data !== 'GRANTED' || a.consent.ad_personalization !== 'GRANTED'
        ? '`consent.ad_user_data` and `consent.ad_personalization` must both be GRANTED: Customer Match only takes data of customers who consented'
        : undefined,
  ],
  output: v.object({
    customer_id: v.string(),
    user_list: userListOutput,
    job_id: v.string(),
    job_status: v.string(),
    uploaded_emails: v.number(),
    uploaded_phone_numbers: v.number(),
    duplicates_dropped: v.number(),
  }),
  async plan(args, ctx) {
    const lists = await ctx.platform.listUserLists();
    const same = lists.find((l) => l.name.toLowerCase() === args.name.toLowerCase());
    if (same)
      throw new ToolError(
        `A user list named "${same.name}" already exists (id ${same.id}); user list names are unique. Pick another name.`,
      );
    const emails = new Set(args.emails ?? []).size;
    const phones = new Set(args.phone_numbers ?? []).size;
    const total = emails + phones;
    return {
      summary: `Create Customer Match list "${args.name}" and upload ${count(emails)} hashed email(s) and ${count(phones)} hashed phone number(s)`,
      changes: <PlannedChange[]>[
        // A list cannot spend by itself: it only narrows or informs the campaigns it is added to.
        {
          action: 'create' as const,
          entity: 'user_list',
          name: args.name,
          fields: {
            type: { after: 'CRM_BASED' },
            upload_key_type: { after: 'CONTACT_INFO' },
            membership_life_span: { after: args.membership_life_span_days },
          },
          startsPaused: true,
        },
        {
          action: 'create' as const,
          entity: 'offline_user_data_job',
          name: `Customer Match upload to "${args.name}"`,
          fields: { hashed_emails: { after: emails }, hashed_phone_numbers: { after: phones } },
          startsPaused: true,
        },
      ],
      notes: [
        'Contact data is hashed (SHA-256) in the gateway; only hashes are sent.',
        ...(total < SERVING_THRESHOLD
          ? [
              `Only ${count(total)} identifiers: even if all match, the list stays below the ${count(SERVING_THRESHOLD)} members Search needs before it serves.`,
            ]
          : []),
      ],
      data: { emails, phones, duplicates: (args.emails?.length ?? 0) + (args.phone_numbers?.length ?? 0) - total },
    };
  },
  async apply(plan, args, ctx) {
    const list = await ctx.step('user_list', () =>
      ctx.platform.createCustomerMatchList({
        name: args.name,
        ...(args.description ? { description: args.description } : {}),
        membership_life_span: args.membership_life_span_days,
      }),
    );
    const job = await ctx.step('upload', () =>
      ctx.platform.uploadCustomerMatchMembers(list.id, {
        hashed_emails: [...new Set(args.emails ?? [])],
        hashed_phone_numbers: [...new Set(args.phone_numbers ?? [])],
        consent: args.consent,
      }),
    );
    const after = (await ctx.platform.listUserLists()).find((l) => l.id === list.id) ?? list;
    const out = row(after);
    const text = [
      `## Customer Match list "${out.name}" created (${out.id})`,
      '',
      markdownTable(
        ['Uploaded emails', 'Uploaded phone numbers', 'Duplicates dropped', 'Job', 'Search size'],
        [
          [
            count(plan.data.emails),
            count(plan.data.phones),
            count(plan.data.duplicates),
            `${job.id} ${job.status}`,
            count(out.size_for_search),
          ],
        ],
      ),
      '',
      out.serves_on_search
        ? `The list has ${count(out.size_for_search)} matched members and can serve on Search.`
        : `The list has ${count(out.size_for_search)} matched members: below ${count(SERVING_THRESHOLD)} it does not serve on Search (matching can take up to 48 hours on the platform).`,
      '',
      `add_ad_group_audiences with \`user_lists: ["${out.id}"]\` adds it to an ad group.`,
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        user_list: out,
        job_id: job.id,
        job_status: job.status,
        uploaded_emails: plan.data.emails,
        uploaded_phone_numbers: plan.data.phones,
        duplicates_dropped: plan.data.duplicates,
      },
    };
  },
});
