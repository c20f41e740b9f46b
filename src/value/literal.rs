//! The `value!` macro: values written as HCL-like literals in Rust code.

/// A [`Value`](crate::value::Value) written as a literal, in HCL's own
/// constructor syntax: `[a, b]` is a tuple, `{ key = value }` an object
/// (keys are identifiers or string literals; `:` may stand for `=`;
/// a comma after each attribute but the last),
/// `null` the null of the dynamic type, and any other Rust expression is
/// converted with `Value::from` (numbers, `bool`, strings, `Option`s,
/// `Vec`s, maps, or a `Value` itself).
///
/// ```
/// use hcl_native::value::{Type, Value};
/// use hcl_native::value;
///
/// let region = "eu-west-1";
/// let v = value!({
///     name = "web",
///     "tier-count": 3,
///     ports = [80, 443, -1],
///     region = region,
///     enabled = true,
///     owner = null,
///     nested = { ratio = 0.5, tags = [] },
/// });
/// assert_eq!(v.get("ports"), Some(&Value::tuple(vec![80.into(), 443.into(), (-1).into()])));
/// assert_eq!(v.get("tier-count"), Some(&Value::from(3)));
/// assert_eq!(v.get("region"), Some(&Value::from("eu-west-1")));
/// assert_eq!(v.get("owner"), Some(&Value::null(Type::Dynamic)));
/// assert_eq!(v.get("nested").and_then(|n| n.get("ratio")), Some(&Value::from(0.5)));
/// assert_eq!(value!([]), Value::empty_tuple());
/// assert_eq!(value!({}), Value::empty_object());
/// ```
#[macro_export]
macro_rules! value {
    // the elements of a tuple, one at a time
    (@tuple [$($out:expr,)*]) => { ::std::vec![$($out,)*] };
    (@tuple [$($out:expr,)*] null $(, $($rest:tt)*)?) => {
        $crate::value!(@tuple [$($out,)* $crate::value!(null),] $($($rest)*)?)
    };
    (@tuple [$($out:expr,)*] [$($inner:tt)*] $(, $($rest:tt)*)?) => {
        $crate::value!(@tuple [$($out,)* $crate::value!([$($inner)*]),] $($($rest)*)?)
    };
    (@tuple [$($out:expr,)*] {$($inner:tt)*} $(, $($rest:tt)*)?) => {
        $crate::value!(@tuple [$($out,)* $crate::value!({$($inner)*}),] $($($rest)*)?)
    };
    (@tuple [$($out:expr,)*] $next:expr $(, $($rest:tt)*)?) => {
        $crate::value!(@tuple [$($out,)* $crate::value!($next),] $($($rest)*)?)
    };
    // the attributes of an object, one at a time (`=` or `:`)
    (@object [$($out:expr,)*]) => {{
        let attrs: ::std::vec::Vec<(&str, $crate::value::Value)> = ::std::vec![$($out,)*];
        $crate::value::Value::object(attrs)
    }};
    (@object [$($out:expr,)*] , $($rest:tt)*) => { $crate::value!(@object [$($out,)*] $($rest)*) };
    (@object [$($out:expr,)*] $key:tt $sep:tt null $($rest:tt)*) => {
        $crate::value!(@object [$($out,)* ($crate::value!(@key $key), $crate::value!(null)),] $($rest)*)
    };
    (@object [$($out:expr,)*] $key:tt $sep:tt [$($inner:tt)*] $($rest:tt)*) => {
        $crate::value!(@object [$($out,)* ($crate::value!(@key $key), $crate::value!([$($inner)*])),] $($rest)*)
    };
    (@object [$($out:expr,)*] $key:tt $sep:tt {$($inner:tt)*} $($rest:tt)*) => {
        $crate::value!(@object [$($out,)* ($crate::value!(@key $key), $crate::value!({$($inner)*})),] $($rest)*)
    };
    (@object [$($out:expr,)*] $key:tt $sep:tt $value:expr , $($rest:tt)*) => {
        $crate::value!(@object [$($out,)* ($crate::value!(@key $key), $crate::value!($value)),] $($rest)*)
    };
    (@object [$($out:expr,)*] $key:tt $sep:tt $value:expr) => {
        $crate::value!(@object [$($out,)* ($crate::value!(@key $key), $crate::value!($value)),])
    };
    (@key $key:ident) => { stringify!($key) };
    (@key $key:literal) => { $key };
    (null) => { $crate::value::Value::null($crate::value::Type::Dynamic) };
    ([$($inner:tt)*]) => { $crate::value::Value::tuple($crate::value!(@tuple [] $($inner)*)) };
    ({$($inner:tt)*}) => { $crate::value!(@object [] $($inner)*) };
    ($other:expr) => { $crate::value::Value::from($other) };
}
