//! One source for the names of unit enum variants: [`serde_name`] returns the name serde
//! writes for a variant (its `rename`/`rename_all`), so an `as_str` never restates a
//! name by hand and can never drift from the files the engine writes.

use serde::ser::{Impossible, Serialize, Serializer};

/// The serde name of a unit variant (`OpCommand::Check` → `"check"`).
///
/// # Panics
/// When `value` does not serialize as a unit variant: a programming error, caught by
/// the first test that names the value.
pub(crate) fn serde_name<T: Serialize>(value: &T) -> &'static str {
    value.serialize(NameOf).expect("serde_name is only used on unit enum variants")
}

/// A serializer that accepts one unit variant and returns its name.
struct NameOf;

#[derive(Debug)]
struct NotAUnitVariant;

impl std::fmt::Display for NotAUnitVariant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not a unit variant")
    }
}

impl std::error::Error for NotAUnitVariant {}

impl serde::ser::Error for NotAUnitVariant {
    fn custom<M: std::fmt::Display>(_: M) -> Self {
        NotAUnitVariant
    }
}

macro_rules! refuse {
    ($($name:ident($($arg:ty),*)),* $(,)?) => {
        $(fn $name(self, $(_: $arg),*) -> Result<Self::Ok, Self::Error> {
            Err(NotAUnitVariant)
        })*
    };
}

impl Serializer for NameOf {
    type Ok = &'static str;
    type Error = NotAUnitVariant;
    type SerializeSeq = Impossible<&'static str, NotAUnitVariant>;
    type SerializeTuple = Impossible<&'static str, NotAUnitVariant>;
    type SerializeTupleStruct = Impossible<&'static str, NotAUnitVariant>;
    type SerializeTupleVariant = Impossible<&'static str, NotAUnitVariant>;
    type SerializeMap = Impossible<&'static str, NotAUnitVariant>;
    type SerializeStruct = Impossible<&'static str, NotAUnitVariant>;
    type SerializeStructVariant = Impossible<&'static str, NotAUnitVariant>;

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<&'static str, NotAUnitVariant> {
        Ok(variant)
    }

    refuse!(
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
        serialize_str(&str),
        serialize_bytes(&[u8]),
        serialize_none(),
        serialize_unit(),
        serialize_unit_struct(&'static str),
    );

    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<Self::Ok, Self::Error> {
        Err(NotAUnitVariant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<Self::Ok, Self::Error> {
        Err(NotAUnitVariant)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<Self::Ok, Self::Error> {
        Err(NotAUnitVariant)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Self::Error> {
        Err(NotAUnitVariant)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Self::Error> {
        Err(NotAUnitVariant)
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Self::Error> {
        Err(NotAUnitVariant)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Self::Error> {
        Err(NotAUnitVariant)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Self::Error> {
        Err(NotAUnitVariant)
    }
    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStruct, Self::Error> {
        Err(NotAUnitVariant)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Self::Error> {
        Err(NotAUnitVariant)
    }
}

#[cfg(test)]
mod tests {
    use super::serde_name;

    #[derive(serde::Serialize)]
    #[serde(rename_all = "kebab-case")]
    enum Sample {
        FirstOne,
        #[serde(rename = "other")]
        Second,
    }

    #[test]
    fn names_come_from_the_serde_attributes() {
        assert_eq!(serde_name(&Sample::FirstOne), "first-one");
        assert_eq!(serde_name(&Sample::Second), "other");
    }
}
