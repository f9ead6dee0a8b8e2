//! Property tests of the fixture reader (a fixed budget of 256 cases each): the text a
//! `--answers` file could hold — arbitrary, or a valid fixture (map or array form)
//! broken by text edits or with arbitrary JSON in place of any node — never panics when
//! read and used: it loads and answers only with answers of the right shape, or it is
//! refused as a usage error.

use std::path::Path;

use proptest::prelude::*;
use serde_json::{json, Value};

use super::*;
use crate::protocol::test_inputs::{
    answer, apply, json_value, open_batch, replace_node, text_edits,
};

/// The fixture in map form: one answer by id, one by kind wildcard.
fn map_form() -> Value {
    let open = open_batch();
    let classify = &open.requests[0];
    json!({
        classify.request_id.to_string(): answer(classify.kind),
        "__kind__rewrite_span": answer(RequestKind::RewriteSpan),
    })
}

/// The fixture in array form.
fn array_form() -> Value {
    let open = open_batch();
    let items: Vec<Value> = open
        .requests
        .iter()
        .map(|r| json!({"request_id": r.request_id, "response": answer(r.kind)}))
        .collect();
    Value::Array(items)
}

/// Reads `text` as `Fixture::load` reads a file, then answers the open batch with it.
fn holds(text: &str) -> Result<(), TestCaseError> {
    let path = Path::new("answers.json");
    let Ok(value) = strict::parse(text) else {
        return Ok(()); // what `load` refuses as invalid JSON (strict.rs has its own tests)
    };
    let fixture = match Fixture::from_value(value, path) {
        Ok(fixture) => fixture,
        Err(e) => {
            prop_assert!(matches!(e, Error::Usage { .. }), "not a usage refusal: {e:?}");
            return Ok(());
        }
    };
    let open = open_batch();
    let mut store = AnswerStore::default();
    match fixture.answer_into(&open.requests, &mut store) {
        Ok(added) => {
            let stored = open.requests.iter().filter(|r| store.get(&r.request_id).is_some());
            prop_assert_eq!(added, stored.count());
            for r in &open.requests {
                if let Some(stored) = store.get(&r.request_id) {
                    prop_assert!(check_shape(r.kind, &stored.response.to_string()).is_ok());
                }
            }
        }
        Err(e) => prop_assert!(matches!(e, Error::Usage { .. }), "not a usage refusal: {e:?}"),
    }
    Ok(())
}

#[test]
fn both_unbroken_forms_answer_every_request() {
    for form in [map_form(), array_form()] {
        let fixture = Fixture::from_value(form, Path::new("answers.json")).unwrap();
        let mut store = AnswerStore::default();
        assert_eq!(fixture.answer_into(&open_batch().requests, &mut store).unwrap(), 2);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_text_loads_or_is_refused(text in "\\PC{0,300}") {
        holds(&text)?;
    }

    #[test]
    fn broken_valid_fixtures_load_or_are_refused(array in any::<bool>(), edits in text_edits()) {
        let form = if array { array_form() } else { map_form() };
        holds(&apply(&serde_json::to_string_pretty(&form).unwrap(), &edits))?;
    }

    #[test]
    fn arbitrary_json_anywhere_loads_or_is_refused(
        array in any::<bool>(), n in any::<usize>(), with in json_value()
    ) {
        let mut form = if array { array_form() } else { map_form() };
        replace_node(&mut form, n, with);
        holds(&form.to_string())?;
    }
}
