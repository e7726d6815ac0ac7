// A tax at a stated rate (VAT, 增值税, sales tax), for the quick path, read as the expression the
// arithmetic parser evaluates (like SimpleInterestExpression):
// 不含税价10000元，增值税税率13%，税额多少 (10000*13%), 含税价1130元，税率13%，不含税价是多少
// (1130/(1+13%)), "net price 1,200 and vat at 20%, how much is the vat" (1200*20%), "what's the
// total with 8% sales tax on $250" (250*(1+8%)). Precision first: the amount must say whether it
// holds the tax (含税, 不含税, 价税合计, net, before tax, "on $250" for a sales tax added on top);
// an amount that does not say is not read, since the tax on it and the tax in it differ.
//
// Thread-safety: pure function; safe from any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace askdb::agent {

// `normalized`: lower case, NFKC (the classifier's text). nullopt when the request is not a tax
// at a stated rate read whole.
std::optional<std::string> TaxExpression(std::string_view normalized);

}  // namespace askdb::agent
