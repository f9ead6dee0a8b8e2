//! The run instant: the system clock, or `DOCHYGIENE_NOW` for tests.
//!
//! Every timestamp the engine writes comes from here, formatted as RFC 3339 UTC with
//! whole seconds, so fixed-clock runs are byte-identical.

use jiff::Timestamp;

use crate::error::{Error, Result};

/// The environment variable that fixes the clock.
pub(crate) const NOW_ENV: &str = "DOCHYGIENE_NOW";

/// The current instant, truncated to whole seconds.
pub(crate) fn now() -> Result<Timestamp> {
    let ts = match std::env::var(NOW_ENV) {
        Ok(text) => parse(&text).map_err(|e| {
            Error::usage_hint(
                format!("{NOW_ENV}={text:?} is not an RFC 3339 timestamp: {e}"),
                format!("set {NOW_ENV} like 2026-01-31T12:00:00Z, or unset it"),
            )
        })?,
        Err(_) => Timestamp::now(),
    };
    Ok(Timestamp::from_second(ts.as_second()).expect("whole seconds of a valid timestamp"))
}

/// Parses an RFC 3339 timestamp (any offset).
pub(crate) fn parse(text: &str) -> Result<Timestamp, jiff::Error> {
    text.parse::<Timestamp>()
}

/// Formats as RFC 3339 UTC, e.g. `2026-11-29T22:59:20Z`.
pub(crate) fn format(ts: Timestamp) -> String {
    ts.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// The compact form used in op ids, e.g. `20261129T225920Z`.
pub(crate) fn compact(ts: Timestamp) -> String {
    ts.strftime("%Y%m%dT%H%M%SZ").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_round_trip_in_utc() {
        let ts = parse("2026-03-01T10:20:30+02:00").unwrap();
        assert_eq!(format(ts), "2026-03-01T08:20:30Z");
        assert_eq!(compact(ts), "20260301T082030Z");
        assert_eq!(parse(&format(ts)).unwrap(), ts);
    }
}
