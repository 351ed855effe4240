import { describe, expect, it } from 'vitest';
import type { CSSObjectWithLabel } from 'react-select';
import { PHONE_MEDIA, pickerProps } from './picker';

const base = { minHeight: 38, borderColor: 'hsl(0, 0%, 80%)' } as CSSObjectWithLabel;
// react-select calls each style function with the default styles and the component's state; these ignore the state.
const styleOf = (fn: unknown) => (fn as (b: CSSObjectWithLabel, state: unknown) => CSSObjectWithLabel)(base, {});

describe('pickerProps (decision 954)', () => {
  it("keeps react-select's 38 px on a desktop and asks for 44 px on a phone, like Bootstrap's fields in styles.css", () => {
    const control = styleOf(pickerProps().styles.control);
    expect(control.minHeight).toBe(38);
    expect(PHONE_MEDIA).toBe('@media (max-width: 767.98px)');
    expect(control[PHONE_MEDIA]).toEqual({ minHeight: 44 });
    expect(styleOf(pickerProps().styles.option)[PHONE_MEDIA]).toMatchObject({ minHeight: 44 });
    expect(styleOf(pickerProps<unknown, true>().styles.multiValueRemove)[PHONE_MEDIA]).toMatchObject({ minWidth: 44, minHeight: 44 });
  });

  it("draws an invalid picker with the invalid field's border, and names its parts for the checks", () => {
    expect(styleOf(pickerProps(true).styles.control).borderColor).toBe('var(--bs-form-invalid-border-color)');
    expect(styleOf(pickerProps(false).styles.control).borderColor).toBe('hsl(0, 0%, 80%)');
    expect(pickerProps().classNamePrefix).toBe('picker');
  });
});
