import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { routingForms } from '../db/schema/index.ts'

// A landing page or a product room may show one of the organization's routing forms. Both ask here, by the
// organization, so another organization's form can be neither chosen nor shown.

/** Whether `formId` is a routing form of the organization. */
export async function isOrganizationForm(db: Db, organizationId: string, formId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: routingForms.id })
    .from(routingForms)
    .where(and(eq(routingForms.id, formId), eq(routingForms.organizationId, organizationId)))
  return !!found
}

/** What a buyer's page needs to load the form (its slug and name), while the form is published; else null. */
export async function publicEmbeddedForm(
  db: Db,
  organizationId: string,
  formId: string | null,
): Promise<{ slug: string; name: string } | null> {
  if (!formId) return null
  const [found] = await db
    .select({ slug: routingForms.slug, name: routingForms.name })
    .from(routingForms)
    .where(and(eq(routingForms.id, formId), eq(routingForms.organizationId, organizationId), eq(routingForms.published, true)))
  return found ?? null
}

/** The form's id while it still exists in the organization (a product room's reference has no foreign key). */
export async function existingFormId(db: Db, organizationId: string, formId: string | null): Promise<string | null> {
  return formId && (await isOrganizationForm(db, organizationId, formId)) ? formId : null
}
