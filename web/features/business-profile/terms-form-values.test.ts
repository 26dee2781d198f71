import { describe, expect, it } from 'vitest';
import { deliveryTermsInputSchema, termsFieldErrors } from '../../../core/delivery-terms-api';
import { fieldIdOf, termsFormValues, termsInput } from './terms-form-values';

describe('the ordering-terms form', () => {
  it('sends what it shows, and shows what was stored', () => {
    const values = termsFormValues(null, 'Europe/London');
    values.days.fri = { on: true, daysBefore: '2', time: '12:00' };
    values.days.tue = { on: true, daysBefore: '1', time: '16:00' };
    values.emails = 'a@farm.example, b@farm.example';
    values.postcodes = 'BS1, bs8\nE1';
    const parsed = deliveryTermsInputSchema.parse(termsInput(values));
    expect(parsed.days.map((d) => d.day)).toEqual(['tue', 'fri']);
    expect(parsed.areas.postcodes).toEqual(['BS1', 'BS8', 'E1']);
    expect(termsFormValues(parsed, 'UTC')).toEqual({ ...values, postcodes: 'BS1, BS8, E1' });
  });

  it('puts each error under its own field', () => {
    const values = termsFormValues(null, 'Europe/London');
    values.days.tue = { on: true, daysBefore: '1', time: '16:00' };
    values.days.thu = { on: true, daysBefore: '1', time: '' };
    values.emails = 'not-an-email';
    const result = deliveryTermsInputSchema.safeParse(termsInput(values));
    expect(result.success).toBe(false);
    const ids = Object.keys(termsFieldErrors(result.error!)).map((path) => fieldIdOf(path, values));
    expect(ids.sort()).toEqual(['terms-emails', 'terms-thu-time']);
  });
});
