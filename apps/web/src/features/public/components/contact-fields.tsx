import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import { EmailInput } from '@/components/ui/auth-form';

const fields = messages.cardNetwork.fields;

/**
 * The contact fields the card-network forms share (spec 3 §2.8: Name, Restaurant Name, Email, Phone, Website), labelled and
 * filled in by the browser the same way on every page; each form registers them with its own schema.
 */
export const NameField = forwardRef<HTMLInputElement, TextInputProps>((props, ref) => (
  <TextInput ref={ref} label={fields.name} autoComplete="name" withAsterisk {...props} />
));
NameField.displayName = 'NameField';

export const RestaurantNameField = forwardRef<HTMLInputElement, TextInputProps>((props, ref) => (
  <TextInput ref={ref} label={fields.restaurantName} autoComplete="organization" withAsterisk {...props} />
));
RestaurantNameField.displayName = 'RestaurantNameField';

export const EmailField = forwardRef<HTMLInputElement, TextInputProps>((props, ref) => (
  <EmailInput ref={ref} withAsterisk {...props} />
));
EmailField.displayName = 'EmailField';

export const PhoneField = forwardRef<HTMLInputElement, TextInputProps>((props, ref) => (
  <TextInput ref={ref} label={fields.phone} type="tel" autoComplete="tel" {...props} />
));
PhoneField.displayName = 'PhoneField';

export const WebsiteField = forwardRef<HTMLInputElement, TextInputProps>((props, ref) => (
  <TextInput ref={ref} label={fields.website} autoComplete="url" {...props} />
));
WebsiteField.displayName = 'WebsiteField';
