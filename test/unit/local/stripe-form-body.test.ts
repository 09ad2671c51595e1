import { describe, expect, it } from 'vitest';
import { FormBodyError, parseFormBody } from '../../../infra/local/stripe/form-body.ts';

describe('parseFormBody', () => {
  it('reads the nested keys the Stripe SDK writes into objects and arrays', () => {
    const body =
      'mode=payment&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=500' +
      '&line_items[0][price_data][product_data][name]=Spotlight%20promotion&line_items[0][quantity]=3' +
      '&line_items[1][quantity]=1&metadata[promotionId]=p-1&success_url=http%3A%2F%2Flocalhost%3A3000%2Fok%3Fa%3D1%26b%3D2';
    expect(parseFormBody(body)).toEqual({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'usd', unit_amount: '500', product_data: { name: 'Spotlight promotion' } }, quantity: '3' }, { quantity: '1' }],
      metadata: { promotionId: 'p-1' },
      success_url: 'http://localhost:3000/ok?a=1&b=2',
    });
  });

  it('reads percent-encoded brackets, as other clients send them, like plain ones', () => {
    expect(parseFormBody('metadata%5Bk%5D=v&items%5B0%5D=a&items%5B1%5D=b')).toEqual({ metadata: { k: 'v' }, items: ['a', 'b'] });
  });

  it('appends empty-bracket keys and decodes plus signs as spaces', () => {
    expect(parseFormBody('expand[]=a&expand[]=b&name=Big+Race')).toEqual({ expand: ['a', 'b'], name: 'Big Race' });
  });

  it('does not let a key named like an Object prototype member reach the prototype', () => {
    const parsed = parseFormBody('metadata[__proto__]=x&metadata[constructor]=y');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.keys(parsed.metadata as object).sort()).toEqual(['__proto__', 'constructor']);
  });

  it('refuses an array with a hole, naming the parameter', () => {
    expect(() => parseFormBody('line_items[0][quantity]=1&line_items[2][quantity]=1')).toThrow(FormBodyError);
    expect(() => parseFormBody('line_items[0][quantity]=1&line_items[2][quantity]=1')).toThrow(/line_items has no element 1/);
  });

  it('refuses a key that is both a value and an object', () => {
    expect(() => parseFormBody('metadata=x&metadata[a]=b')).toThrow(/already a value/);
    expect(() => parseFormBody('metadata[a]=b&metadata=x')).toThrow(/already holds an object/);
  });

  it('refuses unbalanced brackets', () => {
    expect(() => parseFormBody('metadata[a=b')).toThrow(/Invalid parameter name/);
  });

  it('answers an empty object for an empty body', () => {
    expect(parseFormBody('')).toEqual({});
  });
});
