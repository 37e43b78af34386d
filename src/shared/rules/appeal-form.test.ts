import { describe, expect, it } from 'vitest';
import { attachPhotoLabel, findAppealFormProblem } from './appeal-form';

const valid = {
  name: 'Sam Driver',
  email: 'sam@example.com',
  phoneNumber: '555-0101',
  address: '12 Elm St',
  reason: 'The meter was broken.',
};

describe('findAppealFormProblem', () => {
  it('accepts a complete form', () => {
    expect(findAppealFormProblem(valid)).toBeNull();
  });

  it('reports the fields in the spec order with its messages', () => {
    const empty = { name: '', email: '', phoneNumber: '', address: '', reason: '' };
    const expected = [
      ['name', 'Please enter your name.'],
      ['email', 'Please enter a valid email.'],
      ['phoneNumber', 'Please enter a phone number.'],
      ['address', 'Please enter an address.'],
      ['reason', 'Please enter an appeal reason.'],
    ] as const;
    let values = { ...empty };
    for (const [field, message] of expected) {
      expect(findAppealFormProblem(values)).toEqual({ field, message });
      values = { ...values, [field]: valid[field] };
    }
    expect(findAppealFormProblem(values)).toBeNull();
  });

  it('treats whitespace as blank', () => {
    expect(findAppealFormProblem({ ...valid, address: '  \n ' })?.field).toBe('address');
  });

  it.each(['sam', 'sam@', 'sam@example', 'sam example@x.com', '@example.com'])(
    'refuses the malformed email %j',
    (email) => {
      expect(findAppealFormProblem({ ...valid, email })?.message).toBe('Please enter a valid email.');
    },
  );

  it('checks the name before a malformed email', () => {
    expect(findAppealFormProblem({ ...valid, name: ' ', email: 'nope' })?.field).toBe('name');
  });
});

describe('attachPhotoLabel', () => {
  it('counts the attached photos out of four', () => {
    expect(attachPhotoLabel(0)).toBe('Attach Proof Photo (0/4)');
    expect(attachPhotoLabel(4)).toBe('Attach Proof Photo (4/4)');
  });
});
