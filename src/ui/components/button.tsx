import type { ButtonHTMLAttributes, ComponentChildren } from "preact";

type Kind = "primary" | "secondary" | "danger";

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> {
  readonly kind?: Kind;
  readonly type?: "button" | "submit";
  /** Shows a busy state and disables the button (e.g. while its request runs). */
  readonly busy?: boolean;
  readonly children: ComponentChildren;
}

/** A button; `busy` disables it and says so to screen readers. */
export function Button({
  kind = "secondary",
  type = "button",
  busy,
  children,
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      class={`btn btn-${kind}${rest.class ? ` ${rest.class}` : ""}`}
      disabled={disabled || busy}
      aria-busy={busy ? "true" : undefined}
    >
      {children}
    </button>
  );
}
