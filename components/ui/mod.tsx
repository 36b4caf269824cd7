// The design system's server-rendered pieces; their classes are styled in static/css/site.css.
export { Alert, type AlertKind, type AlertProps } from "./Alert.tsx";
export { Breadcrumb, type Crumb, crumbsFor } from "./Breadcrumb.tsx";
export { Button, buttonClass, type ButtonProps, type ButtonSize, type ButtonVariant } from "./Button.tsx";
export { Card, CardGrid, type CardProps } from "./Card.tsx";
export { NO_IMAGE, Picture, type PictureFile, type PictureProps } from "./Picture.tsx";
export { cx } from "./cx.tsx";
export {
  Checkbox,
  type CheckboxProps,
  Field,
  FormActions,
  RadioGroup,
  type RadioGroupProps,
  RequiredMark,
  RequiredNote,
  Select,
  type SelectOption,
  type SelectProps,
  Textarea,
  type TextareaProps,
  TextField,
  type TextFieldProps,
} from "./FormField.tsx";
export { PageHeader, type PageHeaderProps } from "./PageHeader.tsx";
export { pageHref, pageWindow, Pagination, type PaginationProps, type QueryValue } from "./Pagination.tsx";
export { type Column, Table, type TableProps } from "./Table.tsx";
export { type Tab, Tabs } from "./Tabs.tsx";
