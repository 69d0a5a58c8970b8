import type { TFunction } from 'i18next';
import type { CustomerActivityDto, CustomerStatus } from '../../shared/schemas/customers';

/** An activity of a customer: its timeline's, or the CRM dashboard's (without details). */
type CustomerActivity = Pick<CustomerActivityDto, 'type' | 'actor' | 'fromStatus' | 'toStatus'> & {
  details?: unknown;
};

type SentenceKey =
  | 'created'
  | 'createdImport'
  | 'statusChange'
  | 'statusSet'
  | 'note'
  | 'updated'
  | 'updatedNoFields';

const FIELD_KEYS: Record<string, string> = { ownerId: 'owner' };

/**
 * What happened, in a sentence: "Ann changed the status from Lead to Active" inside the customer's
 * own timeline; with `customer` (a list of every customer's activities) the sentence names it:
 * "Ann created the customer “Theo Simon”". `details` (the timeline has them) names an import or
 * the changed fields.
 */
export function customerActivityText(
  t: TFunction,
  language: string,
  activity: CustomerActivity,
  customer?: string,
): string {
  const actor = activity.actor?.name ?? t('customers.activity.someone');
  const key = (sentence: SentenceKey) =>
    customer === undefined
      ? (`customers.activity.${sentence}` as const)
      : (`customers.activity.named.${sentence}` as const);
  const status = (value: CustomerStatus | null) => (value ? t(`customers.status.${value}`) : '');
  switch (activity.type) {
    case 'created': {
      const source = (activity.details as { source?: unknown } | null)?.source;
      return source === 'csv'
        ? t(key('createdImport'), { actor, customer })
        : t(key('created'), { actor, customer });
    }
    case 'status_change':
      return activity.fromStatus
        ? t(key('statusChange'), {
            actor,
            customer,
            from: status(activity.fromStatus),
            to: status(activity.toStatus),
          })
        : t(key('statusSet'), { actor, customer, to: status(activity.toStatus) });
    case 'note':
      return t(key('note'), { actor, customer });
    case 'updated': {
      const raw = (activity.details as { fields?: unknown } | null)?.fields;
      const fields = Array.isArray(raw)
        ? raw
            .filter((field): field is string => typeof field === 'string')
            .map((field) => FIELD_KEYS[field] ?? field)
            .filter((field): field is keyof typeof FIELD_LABELS => field in FIELD_LABELS)
            .map((field) => t(FIELD_LABELS[field]))
        : [];
      return fields.length > 0
        ? t(key('updated'), {
            actor,
            customer,
            fields: new Intl.ListFormat(language, { type: 'conjunction' }).format(fields),
          })
        : t(key('updatedNoFields'), { actor, customer });
    }
  }
}

const FIELD_LABELS = {
  name: 'customers.fields.name',
  email: 'customers.fields.email',
  phone: 'customers.fields.phone',
  company: 'customers.fields.company',
  status: 'customers.fields.status',
  value: 'customers.fields.value',
  owner: 'customers.fields.owner',
  tags: 'customers.fields.tags',
  notes: 'customers.fields.notes',
} as const;
