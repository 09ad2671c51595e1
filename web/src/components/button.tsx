import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'on-dark' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

export function buttonClass({ variant = 'secondary', size = 'md', block = false }: StyleProps, extra?: string): string {
  return ['btn', `btn--${variant}`, size === 'md' ? '' : `btn--${size}`, block ? 'btn--block' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  children: ReactNode;
}

export function Button({ variant, size, block, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, block }, className)} {...rest} />;
}

export interface ButtonLinkProps extends LinkProps, StyleProps {}

/** A link that looks like a button: navigation keeps link semantics for assistive technology. */
export function ButtonLink({ variant, size, block, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClass({ variant, size, block }, className)} {...rest} />;
}
