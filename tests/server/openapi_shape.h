// Checks real answers and SSE frames against the OpenAPI document's schemas (server tests):
// the document's $refs are inlined and `nullable: true` made a type list, the JSON Schema
// subset llm::ValidateJsonSchema reads; a payload whose schema depends on a type or kind is
// checked with the schema the document names for it (x-payload-by-type, x-payload-by-kind).
#ifndef ASKDB_TESTS_SERVER_OPENAPI_SHAPE_H_
#define ASKDB_TESTS_SERVER_OPENAPI_SHAPE_H_

#include <string>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/llm/json_output.h"

namespace askdb::server::openapi_test {

// `schema` with type T made [T, "null"] when the document marks it nullable.
inline Json NullableAsTypeList(Json schema, bool nullable) {
  if (nullable && schema.contains("type") && schema["type"].is_string()) {
    schema["type"] = Json::array({schema["type"], "null"});
  }
  return schema;
}

// A schema of the document with its $refs inlined (properties and items).
inline Json Inlined(const Json& schema, const Json& components) {
  if (!schema.is_object()) return schema;
  const bool nullable = schema.value("nullable", false);
  if (auto ref = schema.find("$ref"); ref != schema.end()) {
    const std::string name = ref->get<std::string>().substr(sizeof("#/components/schemas/") - 1);
    return NullableAsTypeList(Inlined(components.at(name), components), nullable);
  }
  Json out = Json::object();
  for (const auto& [key, value] : schema.items()) {
    if (key == "properties") {
      for (const auto& [name, child] : value.items()) {
        out[key][name] = Inlined(child, components);
      }
    } else {
      out[key] = key == "items" ? Inlined(value, components) : value;
    }
  }
  return NullableAsTypeList(std::move(out), nullable);
}

class OpenApiShapes {
 public:
  explicit OpenApiShapes(Json document)
      : doc_(std::move(document)), components_(doc_["components"]["schemas"]) {}

  const Json& components() const { return components_; }
  Json Schema(const std::string& name) const { return Inlined(components_.at(name), components_); }

  // A run answer (POST /ask, /runs/{id}/resume, the SSE result frame): RunResult, and its
  // interrupt's payload by kind.
  std::vector<std::string> RunAnswerErrors(const Json& answer) const {
    std::vector<std::string> errors = llm::ValidateJsonSchema(answer, Schema("RunResult"));
    if (answer.contains("interrupt")) AddInterruptErrors(answer["interrupt"], errors);
    return errors;
  }

  // One frame of GET /api/v1/stream/search: its data by x-sse-frames, an agent event's
  // payload by x-payload-by-type, an interrupt's payload by kind. An unknown frame fails.
  std::vector<std::string> FrameErrors(const std::string& event, const Json& data) const {
    const Json& frames = doc_["paths"]["/api/v1/stream/search"]["get"]["responses"]["200"]
                             ["content"]["text/event-stream"]["x-sse-frames"];
    if (!frames.contains(event)) return {"frame '" + event + "' is not in x-sse-frames"};
    const Json schema = Inlined(frames[event], components_);
    if (schema == Schema("RunResult")) return RunAnswerErrors(data);
    std::vector<std::string> errors = llm::ValidateJsonSchema(data, schema);
    if (!errors.empty() || !schema["properties"].contains("payload")) return errors;
    const Json& by_type = components_["StreamEvent"]["properties"]["payload"]["x-payload-by-type"];
    const std::string type = data["type"].get<std::string>();
    if (type != event) errors.push_back("frame '" + event + "' carries an event of type " + type);
    if (!by_type.contains(type)) return {"no payload schema for '" + type + "'"};
    const Json payload_schema = Inlined(by_type[type], components_);
    for (std::string& e : llm::ValidateJsonSchema(data["payload"], payload_schema)) {
      errors.push_back(type + " payload" + e);
    }
    if (type == "interrupt") AddInterruptErrors(data["payload"], errors);
    return errors;
  }

 private:
  void AddInterruptErrors(const Json& interrupt, std::vector<std::string>& errors) const {
    const Json& by_kind = components_["Interrupt"]["properties"]["payload"]["x-payload-by-kind"];
    const std::string kind = interrupt.value("kind", "");
    if (!by_kind.contains(kind)) {
      errors.push_back("no interrupt payload schema for kind '" + kind + "'");
      return;
    }
    for (std::string& e :
         llm::ValidateJsonSchema(interrupt["payload"], Inlined(by_kind[kind], components_))) {
      errors.push_back(kind + " payload" + e);
    }
  }

  Json doc_;
  Json components_;
};

}  // namespace askdb::server::openapi_test

#endif  // ASKDB_TESTS_SERVER_OPENAPI_SHAPE_H_
