import type { GroupBase, StylesConfig } from 'react-select';

/** Below Bootstrap's md breakpoint, where styles.css makes every control at least 44 px tall. */
export const PHONE_MEDIA = '@media (max-width: 767.98px)';

/** Bootstrap's touch-target height on a phone (styles.css), in pixels. */
export const TOUCH_TARGET_PX = 44;

/** What every react-select of the app is given: the class prefix the end-to-end checks find it by, and its styles. */
export interface PickerProps<Option, IsMulti extends boolean> {
  classNamePrefix: 'picker';
  styles: StylesConfig<Option, IsMulti, GroupBase<Option>>;
}

/**
 * The props of a searchable picker (react-select) that make it look and behave like the app's other controls
 * (decision 954): as tall as a Bootstrap field on a desktop (react-select's own 38 px), at least 44 px tall on a
 * phone, like the `.form-control` and `.form-select` beside it, its options and the × of a chosen value as well;
 * with the invalid field's red border when `invalid`.
 */
export function pickerProps<Option, IsMulti extends boolean = false>(invalid?: boolean): PickerProps<Option, IsMulti> {
  const phone = { [PHONE_MEDIA]: { minHeight: TOUCH_TARGET_PX } };
  return {
    classNamePrefix: 'picker',
    styles: {
      control: (base) => ({ ...base, ...phone, ...(invalid ? { borderColor: 'var(--bs-form-invalid-border-color)' } : {}) }),
      option: (base) => ({ ...base, [PHONE_MEDIA]: { minHeight: TOUCH_TARGET_PX, display: 'flex', alignItems: 'center' } }),
      // A chosen value's chip keeps its name in the middle of the taller ×.
      multiValue: (base) => ({ ...base, [PHONE_MEDIA]: { alignItems: 'center' } }),
      multiValueRemove: (base) => ({ ...base, [PHONE_MEDIA]: { minWidth: TOUCH_TARGET_PX, minHeight: TOUCH_TARGET_PX, justifyContent: 'center' } }),
    },
  };
}
