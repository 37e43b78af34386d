import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
  buildVehicle,
} from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { emailOutbox, issuedPasses } from '../../db/schema';

/**
 * Customers are told (issue 33): an operator's approval, rejection and cancel of a pass each
 * email the customer through the outbox, in the customer's language. (The refund's email is in
 * refunds.api.test.ts.)
 */
const tenant = buildTenant({
  subdomain: 'told',
  customers: [
    buildCustomer({ email: 'amelie@told.example', fullname: 'Amélie Roy', language: 'fr' }),
    buildCustomer({ email: 'lucia@told.example', fullname: 'Lucía Vega', language: 'es' }),
    buildCustomer({ email: 'sam@told.example', fullname: 'Sam Hart' }),
  ],
  operators: [buildOperator({ email: 'admin@told.example' })],
  products: [
    buildProduct({ name: 'Visitor day', amount: 0, isAutoApproved: false }),
    buildProduct({ name: 'Resident monthly', amount: 4500 }),
  ],
  passes: [
    buildPass('Visitor day', {
      customerPermitId: '920001',
      paidStatus: 'waiting',
      customerEmail: 'amelie@told.example',
      vehicle: buildVehicle({ plate: 'TOLD1' }),
    }),
    buildPass('Visitor day', {
      customerPermitId: '920002',
      paidStatus: 'waiting',
      customerEmail: 'lucia@told.example',
      vehicle: buildVehicle({ plate: 'TOLD2' }),
    }),
    buildPass('Resident monthly', {
      customerPermitId: '920003',
      customerEmail: 'sam@told.example',
      amount: 4500,
      vehicle: buildVehicle({ plate: 'TOLD3' }),
    }),
    buildPass('Resident monthly', {
      customerPermitId: '920004',
      customerEmail: 'amelie@told.example',
      amount: 4500,
      vehicle: buildVehicle({ plate: 'TOLD4' }),
    }),
  ],
});
const t = useTestApp({ seed: { tenants: [tenant] } });
let token = '';
beforeAll(async () => {
  token = await signInOperator(t, 'told', 'admin@told.example');
});

const passId = async (number: string) => {
  const [row] = await t.db
    .select({ id: issuedPasses.id })
    .from(issuedPasses)
    .where(eq(issuedPasses.customerPermitId, number));
  return row!.id;
};
const post = (url: string, payload?: Record<string, unknown>) =>
  t.request('told', {
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { authorization: token },
    ...(payload ? { payload } : {}),
  });
const mailTo = (to: string) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(emailOutbox.createdAt);

describe('emails to the customer', () => {
  it('tells of an approval in French, with the message', async () => {
    const id = await passId('920001');
    const answer = await post('/dashboard/passes/bulk/decision', {
      selection: { uuids: [id] },
      status: 'paid',
      message: 'Bienvenue',
    });
    expect(answer.statusCode).toBe(200);
    const [mail] = await mailTo('amelie@told.example');
    expect(mail).toMatchObject({ subject: 'Votre demande de permis de stationnement a été approuvée' });
    expect(mail!.content.language).toBe('fr');
    expect(mail!.content.paragraphs).toContain('Message de l’administrateur : Bienvenue');
    expect(mail!.content.paragraphs.join(' ')).toContain('(permis no 920001) a été approuvée');
  });

  it('tells of a rejection in Spanish', async () => {
    const answer = await post('/dashboard/passes/bulk/decision', {
      selection: { uuids: [await passId('920002')] },
      status: 'rejected',
    });
    expect(answer.statusCode).toBe(200);
    const [mail] = await mailTo('lucia@told.example');
    expect(mail).toMatchObject({ subject: 'Su solicitud de permiso de estacionamiento no fue aprobada' });
    expect(mail!.content.paragraphs).toContain(
      'Su solicitud de Visitor day (permiso n.º 920002) no fue aprobada.',
    );
  });

  it("tells of an operator's cancel, in English and in French", async () => {
    expect((await post(`/dashboard/passes/${await passId('920003')}/cancel`)).statusCode).toBe(200);
    const [english] = await mailTo('sam@told.example');
    expect(english!.content.language).toBe('en');
    expect(english!.subject).toMatch(/cancel/i);
    const before = (await mailTo('amelie@told.example')).length;
    expect((await post(`/dashboard/passes/${await passId('920004')}/cancel`)).statusCode).toBe(200);
    const french = (await mailTo('amelie@told.example')).slice(before);
    expect(french).toHaveLength(1);
    expect(french[0]!.content.language).toBe('fr');
    expect(french[0]!.subject).toMatch(/annul/i);
  });
});
