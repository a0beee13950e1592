//! Matching an [`RtlRequest`] against the configuration, exactly as the specification's
//! "Matching logic" says: components are tried in evaluation order (file order, then entry
//! order), the first match wins; a component matches when its name equals the request's and every
//! parameter it declares is present in the request with a value satisfying its constraints.
//! Request parameters the component does not declare are ignored, which is what lets a fallback
//! entry after a specialised one catch the requests without the extra parameters.

use super::model::{RtlComponent, RtlConfig, RtlParamValue, RtlRequest};
use crate::diag::Diagnostic;
use std::fmt;

/// A successful match: the component and the values of its declared parameters.
#[derive(Clone, Debug)]
pub struct RtlMatch<'c> {
    /// The matching component.
    pub component: &'c RtlComponent,
    /// The request's values of the component's declared parameters, in declaration order.
    pub values: Vec<(String, RtlParamValue)>,
    /// All parameters of the request, in request order (declared or not).
    pub request_parameters: Vec<(String, RtlParamValue)>,
}

/// Why one component with the request's name does not match it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchFailure {
    /// A declared parameter is absent from the request.
    Missing(String),
    /// A declared parameter's value violates its type or constraints.
    Rejected {
        /// The parameter.
        parameter: String,
        /// The violated constraint, in words.
        reason: String,
    },
}

impl fmt::Display for MatchFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchFailure::Missing(p) => write!(f, "the request has no parameter `{p}`"),
            MatchFailure::Rejected { parameter, reason } => {
                write!(f, "parameter `{parameter}`: {reason}")
            }
        }
    }
}

impl RtlComponent {
    /// Matches one request against this component alone; on success, the values of the declared
    /// parameters in declaration order.
    pub fn try_match(
        &self,
        request: &RtlRequest,
    ) -> Result<Vec<(String, RtlParamValue)>, MatchFailure> {
        self.parameters
            .iter()
            .map(|p| {
                let value = request
                    .parameter(&p.name)
                    .ok_or_else(|| MatchFailure::Missing(p.name.clone()))?;
                p.constraints
                    .check(value)
                    .map_err(|reason| MatchFailure::Rejected {
                        parameter: p.name.clone(),
                        reason,
                    })?;
                Ok((p.name.clone(), value.clone()))
            })
            .collect()
    }
}

impl RtlConfig {
    /// The first component matching `request`, or an error naming the request and the nearest
    /// candidates (every component with the request's name and why it failed, or the components
    /// with the most similar names).
    pub fn find(&self, request: &RtlRequest) -> Result<RtlMatch<'_>, Diagnostic> {
        let mut failures = Vec::new();
        for component in self.components.iter().filter(|c| c.name == request.name) {
            match component.try_match(request) {
                Ok(values) => {
                    return Ok(RtlMatch {
                        component,
                        values,
                        request_parameters: request.parameters.clone(),
                    })
                }
                Err(failure) => failures.push((component, failure)),
            }
        }
        Err(self.no_match(request, failures))
    }

    fn no_match(
        &self,
        request: &RtlRequest,
        failures: Vec<(&RtlComponent, MatchFailure)>,
    ) -> Diagnostic {
        let mut d = Diagnostic::error(format!("no RTL component matches the request {request}"));
        if let Some(span) = request.span {
            d = d.with_span(span);
        }
        for (component, failure) in &failures {
            d = d
                .with_label(component.origin.name_span, failure.to_string())
                .with_note(format!("candidate {}: {failure}", component.origin));
        }
        if failures.is_empty() {
            d = d.with_note(format!(
                "no component of the configuration is named `{}`",
                request.name
            ));
            let similar = self.similar_names(&request.name);
            if !similar.is_empty() {
                d = d.with_note(format!("similar names: {}", similar.join(", ")));
            }
        }
        d
    }

    /// Up to three distinct component names closest to `name` by edit distance (and not too far).
    fn similar_names(&self, name: &str) -> Vec<String> {
        let limit = (name.chars().count() / 3).max(2);
        let mut scored: Vec<(usize, &str)> = Vec::new();
        for c in &self.components {
            let d = edit_distance(name, &c.name);
            if d <= limit && !scored.iter().any(|(_, n)| *n == c.name) {
                scored.push((d, &c.name));
            }
        }
        scored.sort();
        scored
            .into_iter()
            .take(3)
            .map(|(_, n)| format!("`{n}`"))
            .collect()
    }
}

impl RtlMatch<'_> {
    /// The value of a declared parameter.
    pub fn value(&self, name: &str) -> Option<&RtlParamValue> {
        self.values.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// The path of the first timing model whose constraints the values satisfy.
    pub fn timing_model(&self) -> Option<&str> {
        self.component
            .models
            .iter()
            .find(|m| {
                m.constraints
                    .iter()
                    .all(|(name, cs)| self.value(name).is_some_and(|v| cs.check(v).is_ok()))
            })
            .map(|m| m.path.as_str())
    }

    /// The parameters given as generics to instances, in declaration order: those whose
    /// `generic` flag is true, or, without the flag, all parameters of a generic component and
    /// none of a generated one.
    pub fn generics(&self) -> Vec<(String, RtlParamValue)> {
        let by_default = matches!(self.component.method, super::model::Method::Generic(_));
        self.component
            .parameters
            .iter()
            .zip(&self.values)
            .filter(|(p, _)| p.generic.unwrap_or(by_default))
            .map(|(_, v)| v.clone())
            .collect()
    }
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == *cb {
                prev
            } else {
                1 + prev.min(cur).min(row[j])
            };
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::edit_distance;

    #[test]
    fn edit_distance_counts_edits() {
        assert_eq!(edit_distance("mux", "mux"), 0);
        assert_eq!(edit_distance("handshake.mux", "handshake.merge"), 4);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
