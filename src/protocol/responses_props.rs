//! Property tests of `parse_responses` (a fixed budget of 256 cases each): arbitrary
//! text, arbitrary bytes, valid files broken by text edits, and valid files with
//! arbitrary JSON in place of any node never panic; they parse into answers of the
//! batch's requests, each of its kind's shape, or are refused as a usage or stale error,
//! never an internal one.

use std::path::Path;

use proptest::prelude::*;

use super::*;
use crate::protocol::test_inputs::{
    apply, json_value, open_batch, replace_node, responses, text_edits,
};

fn holds(text: &str) -> Result<(), TestCaseError> {
    let open = open_batch();
    match parse_responses(text, Path::new("responses.json"), &open) {
        Ok(answers) => {
            for a in &answers {
                let asked =
                    open.requests.iter().any(|r| r.request_id == a.request_id && r.kind == a.kind);
                prop_assert!(asked, "an answer to no request: {a:?}");
                prop_assert!(check_shape(a.kind, &a.response.to_string()).is_ok(), "{a:?}");
            }
        }
        Err(e) => prop_assert!(
            matches!(e, Error::Usage { .. } | Error::Stale { .. }),
            "not a usage or stale refusal: {e:?}"
        ),
    }
    Ok(())
}

#[test]
fn the_unbroken_file_parses() {
    let open = open_batch();
    let text = serde_json::to_string_pretty(&responses(&open)).unwrap();
    assert_eq!(parse_responses(&text, Path::new("r.json"), &open).unwrap().len(), 2);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_text_parses_or_is_refused(text in "\\PC{0,300}") {
        holds(&text)?;
    }

    #[test]
    fn arbitrary_bytes_parse_or_are_refused(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        holds(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn broken_valid_files_parse_or_are_refused(edits in text_edits()) {
        let text = serde_json::to_string_pretty(&responses(&open_batch())).unwrap();
        holds(&apply(&text, &edits))?;
    }

    #[test]
    fn arbitrary_json_anywhere_parses_or_is_refused(n in any::<usize>(), with in json_value()) {
        let mut file = responses(&open_batch());
        replace_node(&mut file, n, with);
        holds(&file.to_string())?;
    }
}
